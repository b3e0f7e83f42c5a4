# frozen_string_literal: true

# gamekit's cross-check driver: replays 18xx.games logs with the 18xx.games engine and prints its state after
# every action, one JSON object per line, in the fields gamekit's benchmarks/crosscheck.py compares.
#
#   ruby driver.rb REF_DIR            (REF_DIR: a checkout of the public repository tobymao/18xx)
#
# It reads log file paths from standard input, one a line, and for each log writes
#   {"log": PATH, "state": {...}}                  before the first action, then after each action
#   {"log": PATH, "error": "...", "action_id": N}  when the engine refuses an action (the replay stops)
#   {"log": PATH, "done": true, "result": {...}, "game_end_reason": ..., "trade_passes": N,
#    "financing_bridges": N}
# Each action is processed as the site processes a move in play (its automatic follow-ups generated and applied),
# since a log written by gamekit records none.

require 'json'
require 'timeout'

REF = File.expand_path(ARGV.fetch(0) { abort 'usage: ruby driver.rb REF_DIR < log paths' })
$LOAD_PATH.unshift(__dir__) # our require_all stand-in
$LOAD_PATH.unshift(File.join(REF, 'lib'))

require 'require_all'
%w[debug deep_freeze jaro_winkler logger].each { |part| require File.join(REF, 'lib', 'engine', part) }
LOGGER.level = Logger::FATAL # the engine logs to standard output, which carries our JSON lines
TITLES = { '1830' => 'G1830', '1837' => 'G1837', '1894' => 'G1894' }.freeze
TITLES.each_value do |mod|
  dir = mod.sub('G', 'g_')
  require File.join(REF, 'lib', 'engine', 'game', dir)
  require_rel File.join(REF, 'lib', 'engine', 'game', dir) # the title's steps and rounds
end

def shares_of(holder)
  holder.shares_by_corporation.each_with_object({}) do |(corp, shares), out|
    out[corp.id] = shares.map { |s| [s.id, s.percent, s.president] } unless shares.empty?
  end
end

def corporation_state(game, corp)
  {
    'id' => corp.id, 'cash' => corp.cash, 'floated' => corp.floated?, 'closed' => corp.closed?,
    'trains' => corp.trains.map(&:id), 'tokens' => corp.tokens.map { |t| t.city&.id },
    'share_price' => corp.share_price&.id, 'par_price' => corp.par_price&.id,
    'president' => (corp.owner.id if corp.owner.respond_to?(:id)), 'companies' => corp.companies.map(&:id).sort,
    'ipo_shares' => corp.ipo_shares.map(&:id),
    'market_shares' => game.share_pool.shares_of(corp).map(&:id),
  }
end

def state(game, action_id)
  entity = game.round.active_step&.current_entity
  {
    'action_id' => action_id, 'turn' => game.turn, 'round' => game.round.name, 'phase' => game.phase.name,
    'entity' => entity&.id, 'active' => game.active_players.map(&:id), 'finished' => game.finished,
    'players' => game.players.map do |p|
      { 'id' => p.id, 'cash' => p.cash, 'bankrupt' => p.bankrupt, 'shares' => shares_of(p),
        'companies' => p.companies.map(&:id).sort }
    end,
    'corporations' => game.corporations.map { |c| corporation_state(game, c) } +
                      game.minors.map { |m| corporation_state(game, m) },
    'tiles' => game.hexes.reject { |h| h.tile == h.original_tile }.to_h { |h| [h.id, "#{h.tile.id}@#{h.tile.rotation}"] },
  }
end

# On 18xx.games a player in 1830's stock round may buy another player's private company (from the second stock
# round until phase 5: a trade agreed between the two). gamekit has no trades between players, so its player with
# no other choice passed without being asked, and its log has no pass; the driver passes for them too (any other
# choice, gamekit offers as well). Returns how many such passes it made.
def pass_where_only_a_trade_is_left(game)
  passes = 0
  loop do
    step = game.round.active_step
    entity = step&.current_entity
    break unless entity&.player? && step.respond_to?(:purchasable_companies)
    break unless (step.actions(entity) - %w[buy_company pass]).empty?
    break if step.purchasable_companies(entity).empty? || !step.buyable_bank_owned_companies(entity).empty?

    game.process_action({ 'type' => 'pass', 'entity' => entity.id, 'entity_type' => 'player' }, add_auto_actions: true)
    break if game.exception

    passes += 1
  end
  passes
end

# 18xx.games' 1837 has the bank finance a train for a trainless corporation in receivership (or whose president
# went bankrupt in this round) that cannot pay for it: the corporation is to end the purchase with its treasury
# below zero, as the rest of its 1837 code expects (its dividend step withholds while the treasury is below zero,
# and no one buys the trains of a corporation below zero). Since the engine's money tracking of October 2025
# (every payment checks the payer's cash), that last payment is refused ("GT has 0 and cannot spend 53") and the
# game cannot go on. The driver lets that one payment take the treasury below zero, as the engine did before;
# gamekit's rule 1837:trains.financing. Counted as financing_bridges.
$financed_buyer = nil
$financing_bridges = 0

module FinancedPaymentBelowZero
  def spend(cash, receiver, check_cash: true, **kwargs)
    check_cash = false if $financed_buyer.equal?(self)
    super(cash, receiver, check_cash: check_cash, **kwargs)
  end
end
Engine::Corporation.prepend(FinancedPaymentBelowZero)

module FinancedPurchase
  def buy_train_action(action, entity = nil, borrow_from: nil)
    buyer = entity || action.entity
    financed = can_finance?(buyer) && action.price > buying_power(buyer)
    $financed_buyer = buyer if financed
    super
    $financing_bridges += 1 if financed
  ensure
    $financed_buyer = nil
  end
end
Engine::Game::G1837::Step::BuyTrain.prepend(FinancedPurchase)

ACTION_SECONDS = 300
# The longest the engine may take over one action. Its track walk can run for ever on a dense late 1837 board
# (after BH's lay at K21 in the bench's 4-player seed-10 game, action 6765, it had not finished after half an
# hour): such an action is reported as an error so that the run goes on to the next log.

def replay(path)
  log = JSON.parse(File.read(path))
  settings = log['settings'] || {}
  names = log['players'].to_h { |p| [p['id'], p['name']] }
  klass = Engine::Game.const_get(TITLES.fetch(log['title'])).const_get(:Game)
  game = klass.new(names, id: log['id'], seed: settings['seed'], optional_rules: settings['optional_rules'] || [])
  emit('log' => path, 'state' => state(game, 0))
  passes = 0
  $financing_bridges = 0
  log['actions'].each_with_index do |action, index|
    begin
      Timeout.timeout(ACTION_SECONDS) { game.process_action(action, add_auto_actions: true) }
    rescue Timeout::Error
      return emit('log' => path, 'error' => "Timeout: no answer within #{ACTION_SECONDS} s", 'action_id' => action['id'])
    end
    passes += pass_where_only_a_trade_is_left(game) unless game.exception
    if game.exception
      return emit('log' => path, 'error' => game.exception.message.to_s[0, 500], 'action_id' => action['id'])
    end

    emit('log' => path, 'state' => state(game, action['id']))
  end
  emit('log' => path, 'done' => true, 'result' => game.finished ? game.result : nil,
       'game_end_reason' => game.game_end_reason, 'trade_passes' => passes,
       'financing_bridges' => $financing_bridges)
rescue StandardError, SystemStackError => e # the engine recurses without end on some positions
  emit('log' => path, 'error' => "#{e.class}: #{e.message}"[0, 500], 'action_id' => nil)
end

def emit(object)
  $stdout.puts(JSON.generate(object))
  $stdout.flush
end

$stdin.each_line do |line|
  path = line.strip
  replay(path) unless path.empty?
end
