# frozen_string_literal: true

# Stand-in for the `require_all` gem, which the 18xx.games engine loads its folders with (`require_rel`); the
# cross-check runs the engine from a plain Debian Ruby, without gems. Written for gamekit's cross-check driver.
#
# `require_rel(*paths)` requires every .rb file below each path (relative to the calling file), in name order;
# a file that fails with a NameError (it names a class defined in a file not yet loaded) is tried again after the
# others, until a whole pass loads nothing more.
module Kernel
  def require_rel(*paths)
    base = File.dirname(caller_locations(1, 1)[0].absolute_path)
    pending = paths.flatten.flat_map { |path| ruby_files(File.expand_path(path, base)) }
    until pending.empty?
      failed = pending.reject { |file| loaded_quietly?(file) }
      raise NameError, "require_rel: cannot load #{failed.first}" if failed.size == pending.size

      pending = failed
    end
  end

  private

  def ruby_files(path)
    return Dir.glob(File.join(path, '**', '*.rb')).sort if File.directory?(path)

    [path.end_with?('.rb') ? path : "#{path}.rb"]
  end

  def loaded_quietly?(file)
    require file
    true
  rescue NameError
    false
  end
end
