"""``gamekit classroom``: serve the classroom app (:mod:`gamekit.widgets.classroom`) with Voila.

The app notebook is written from :func:`app_cells` into a temporary folder at each start, so an installed
package needs no notebook file of its own; so is the Voila page template :data:`TEMPLATE_NAME`
(:func:`write_voila_template`), Voila's ``lab`` page without its two stylesheet links to a CDN (Font Awesome,
which the page's own script bundle already holds): a classroom without internet would otherwise wait for them; ``notebooks/tools/make_classroom_app.py`` writes the same cells to
``notebooks/classroom_app.ipynb`` for Binder. This module imports neither ipywidgets nor Voila at import time,
so the ``gamekit`` command can register it cheaply.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .. import new_game
from ..errors import GameError, message_of
from ..i18n import LANGUAGES, _, localize, msg
from ..titles import game_class, title_names

DEFAULT_TITLE, DEFAULT_PLAYERS, DEFAULT_SEED = "1830", 4, 7
DEFAULT_PORT = 8866

TEMPLATE_NAME = "gamekit"
"""The Voila template the app is served with (see :func:`write_voila_template`)."""

CDN_LINKS = (
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css" '
    'type="text/css" />',
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css" '
    'type="text/css" />',
)
"""The outside requests Voila 0.5's ``lab`` template writes into every page (its ``notebook_css`` block)."""


RELOAD_AFTER_S = 120
"""Seconds the page waits for the app before it loads itself again. A load takes 5–25 s on a quiet machine and
up to 70 s on a machine as busy as the tests' (load average 13 on 2 cores); a retry after 60 s cut two slow
loads of twelve short and started them again, each then taking 110 s in all."""
RELOADS = 3
"""How many times in a row the page loads itself again before it leaves the waiting page to the user."""


def reload_script(after_s: int = RELOAD_AFTER_S, reloads: int = RELOADS) -> str:
    """The page's own retry, a ``<script>`` for its head, for a page load whose kernel never answers. The cause
    once seen (about one load in three on a busy machine) was a kernel that could not open its TCP ports and
    died, which Voila 0.5 never tells the page; :data:`KERNEL_TRANSPORT` removes it, and this retry stays for
    any other. Each load starts a new kernel, so when the app (CSS class ``gk-classroom``) is not on the page
    ``after_s`` seconds after the page began, the page loads itself again, at most ``reloads`` times in a row
    (counted in the tab's ``sessionStorage``; a load that shows the app resets the count). A hung kernel is shut
    down by the server's idle cull (:data:`IDLE_KERNEL_S`)."""
    return ("<script>(function () {\n"
            "  var key = 'gamekit-reloads:' + location.pathname + location.search;\n"
            "  var tries = Number(sessionStorage.getItem(key) || 0);\n"
            "  var shown = function () { return document.querySelector('.gk-classroom') !== null; };\n"
            "  var watch = setInterval(function () {\n"
            "    if (shown()) { sessionStorage.removeItem(key); clearInterval(watch); }\n"
            "  }, 1000);\n"
            "  setTimeout(function () {\n"
            f"    if (!shown() && tries < {reloads}) {{ sessionStorage.setItem(key, tries + 1); location.reload(); }}\n"
            f"  }}, {after_s * 1000});\n"
            "})();</script>")


def write_voila_template(root: Path, after_s: int = RELOAD_AFTER_S) -> Path:
    """Write the Voila template :data:`TEMPLATE_NAME` below ``root`` (as ``voila/templates/gamekit``, a Jupyter
    data folder: put ``root`` on ``JUPYTER_PATH``) and return ``root``. It extends ``lab``, drops
    :data:`CDN_LINKS` from the page head, so the app's page asks nothing of the internet, and adds the page's
    own retry (:func:`reload_script` with ``after_s``)."""
    folder = root / "voila" / "templates" / TEMPLATE_NAME
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.json").write_text('{"base_template": "lab"}\n')
    drops = "".join(f" | replace({link!r}, '')" for link in CDN_LINKS)
    script = reload_script(after_s)
    (folder / "index.html.j2").write_text("{%- extends 'lab/index.html.j2' -%}\n"
                                          f"{{%- block notebook_css -%}}{{{{ super(){drops} }}}}{{% raw %}}{script}"
                                          "{% endraw %}{%- endblock notebook_css -%}\n")
    return root


def voila_environment(root: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a Voila server that finds the template written below ``root``: ``base`` (default:
    this process's environment) with ``root`` first on ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(root), env.get("JUPYTER_PATH", "")) if p)
    return env


def app_cells(title: str = DEFAULT_TITLE, players: int = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED,
              lang: str | None = None) -> list[tuple[str, str]]:
    """The app notebook's cells as ``(kind, source)`` pairs: one code cell (a markdown cell would take a
    projector's lines; the app explains itself). ``lang``: the app's language (``None``: the server's
    ``GAMEKIT_LANG``, else English; a page's ``?lang=`` overrides either)."""
    language = f", lang={lang!r}" if lang is not None else ""
    return [("code", "# gamekit classroom: the app for a projector (docs/classroom.md). Open it with Voila.\n"
                     "from gamekit.widgets.classroom import classroom_app\n\n"
                     f"classroom_app(title={title!r}, players={players}, seed={seed}{language})")]


def write_app_notebook(path: Path, **defaults: Any) -> Path:
    """Write the app notebook (cells of :func:`app_cells` with ``defaults``) to ``path`` and return it."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    nb = new_notebook()
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in app_cells(**defaults)]
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:02d}"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, path)
    return path


IDLE_KERNEL_S = 600
"""Seconds a classroom kernel with no page connected is kept before it is shut down."""

KERNEL_TRANSPORT = "ipc" if sys.platform.startswith("linux") else "tcp"
"""How the server talks to its kernels: Unix sockets (files in the kernels' connection folder, under /tmp) on
Linux; TCP elsewhere (Windows has no ZeroMQ ``ipc``, and macOS's long temporary folder would take a socket's
path past its 104-character limit). Over TCP the server picks five free ports per kernel and frees them, and
the kernel binds them a few seconds later, once Python has started; on a busy machine another process takes one
in between (any outgoing connection draws its local port from the same range), the kernel dies with "Address
already in use", its restarts fail the same way, and Voila 0.5 leaves the page "still executing" for ever.
Reproduced by taking a kernel's shell port the moment its connection file appears: every such load hung over
TCP; over ``ipc`` there is no port to take."""


def voila_command(notebook: Path, port: int, open_browser: bool) -> list[str]:
    """The command that serves ``notebook`` with Voila on ``port`` of this machine (loopback only), with the
    template :data:`TEMPLATE_NAME` (the server's ``JUPYTER_PATH`` must lead to it: :func:`voila_environment`).

    Every page load starts a kernel (about 100 MB) that Voila keeps after the page is closed; a kernel with no
    page connected for :data:`IDLE_KERNEL_S` seconds is shut down, so a day of reloads does not fill the
    memory (an open page keeps its kernel however long the class pauses). Kernels are reached over
    :data:`KERNEL_TRANSPORT` (:func:`kernel_options`). Voila serves on ``port`` or not at all
    (``port_retries=0``): left to itself it moved to the next free port, and the address the class was given
    led to the other server (:func:`port_refusal` refuses a busy port before Voila starts; this covers a port taken in
    between)."""
    command = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--Voila.port_retries=0",
               f"--Voila.ip={HOST}", f"--template={TEMPLATE_NAME}", "--MappingKernelManager.cull_interval=60",
               f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_S}",
               "--MappingKernelManager.cull_connected=False", *kernel_options()]
    return command if open_browser else [*command, "--no-browser"]


def kernel_options() -> list[str]:
    """Voila's command-line options that reach every kernel over :data:`KERNEL_TRANSPORT` (the tests' own Voila
    servers take them too, so they load the app as the command serves it)."""
    return [f"--KernelManager.transport={KERNEL_TRANSPORT}"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's options to ``parser``: ``--title``, ``--players``, ``--seed`` (the first game),
    ``--lang`` (the app's language), ``--port`` and ``--no-browser``; the player count and port read as every command reads
    them (:func:`gamekit.cli.whole`), the seed as every command's ``--seed`` (:func:`gamekit.cli.seed`: one too
    long for a save is a usage error in the game's own words)."""
    from ..cli import seed, whole  # here, not at the top: gamekit.cli imports this module

    parser.add_argument("--title", default=DEFAULT_TITLE, choices=title_names(), help=_("title of the first game"))
    parser.add_argument("--players", type=whole, default=DEFAULT_PLAYERS, help=_("players of the first game"))
    parser.add_argument("--seed", type=seed, default=DEFAULT_SEED, help=_("seed of the first game"))
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None,
                        help=_("language of the app (default: GAMEKIT_LANG, else en; a page's ?lang= overrides it)"))
    parser.add_argument("--port", type=whole, default=DEFAULT_PORT, help=_("port on 127.0.0.1 (default 8866)"))
    parser.add_argument("--no-browser", action="store_true", help=_("do not open a browser window"))


def main(argv: list[str] | None = None) -> int:
    """``gamekit classroom [--title T] [--players N] [--seed S] [--lang L] [--port P] [--no-browser]``: serve the app with
    Voila until interrupted; returns the exit status (see :func:`run`)."""
    from ..cli import OneLineParser, argparse_in_language  # imported here: the command line imports this module

    with argparse_in_language():
        parser = OneLineParser(prog="gamekit classroom", description=_("Open the classroom app (Voila)."))
        add_arguments(parser)
        args = parser.parse_args(argv)
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Serve the app for parsed ``args`` (see :func:`add_arguments`) with :func:`serve`; returns Voila's exit
    status, 0 after Ctrl-C, 2 when the port is not one (1–65535) or is in use, the title does not play that many
    players or the first game's seed is refused (one line on stderr each, as ``gamekit simulate`` says it), or
    Voila is not installed."""
    refusal = port_refusal(args.port) or first_game_refusal(args.title, args.players, args.seed)
    if refusal:
        print(f"gamekit classroom: {localize(refusal)}", file=sys.stderr)
        return 2
    try:
        import voila  # noqa: F401  (only checks that the server is installed)
    except ImportError:
        from ..cli import missing_extra  # at run time: the command line imports this module
        print("gamekit classroom: " + missing_extra("Voila", "classroom"), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="gamekit-classroom-") as folder:
        notebook = write_app_notebook(Path(folder) / "classroom.ipynb", title=args.title, players=args.players,
                                      seed=args.seed, lang=args.lang)
        env = voila_environment(write_voila_template(Path(folder)))
        return serve(voila_command(notebook, args.port, not args.no_browser), env)


MAX_PORT = 65535
"""The highest TCP port number."""


HOST = "127.0.0.1"
"""The address the app is served on: this machine only."""


def port_refusal(port: int) -> str | None:
    """Why ``port`` cannot be served on, or ``None``: not a TCP port number (1 to :data:`MAX_PORT`; Voila
    would start, say it runs on that port, and serve nothing), or a port already in use on :data:`HOST` (Voila
    moved to the next port, and the address the class was given led to the other server)."""
    if not 1 <= port <= MAX_PORT:
        return msg("--port must be a TCP port from 1 to {most}, not {port}", most=MAX_PORT, port=port)
    if port_in_use(port):
        return msg("port {port} is already in use on {host}; choose another with --port", port=port, host=HOST)
    return None


def port_in_use(port: int, host: str = HOST) -> bool:
    """True when a server could not listen on ``port`` of ``host`` now: binding it fails (another server
    listens there). The socket binds as Voila's (Tornado's) does, with ``SO_REUSEADDR``, so a port whose last
    connections are only closing (TIME_WAIT) after a restart counts as free, as it is to Voila."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        if os.name != "nt":  # on Windows the option lets a second server take a port in use
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
            sock.listen(1)
        except OSError:
            return True
    return False


def first_game_refusal(title: str, players: int, seed: int) -> str | None:
    """Why the app's first game cannot start, or ``None``: the game's own refusal (``GameError`` text with its
    rule): a number of players the title does not play (checked before any name is built, said as every part of
    the kit says it: "1830 is for 2–6 players, not 9 (rule 1830:setup)"), a seed of more than 18 digits."""
    try:
        game_class(title).check_player_count(players)
        new_game(title, [f"Player {i + 1}" for i in range(players)], seed=seed)
    except GameError as exc:
        return message_of(exc)  # rendered in the learner's language where it is shown
    return None


def serve(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run the server ``command`` (in environment ``env``, default this process's) until it exits and return its
    status; Ctrl-C or a SIGTERM to this process stops the server too (so no orphan keeps the port, and the
    notebook's folder is removed); 0 after Ctrl-C."""
    server = subprocess.Popen(command, env=env)
    previous = signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        server.wait()
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
