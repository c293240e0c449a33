#!/usr/bin/env bash
# Installs, with Debian's apt, the packages of scripts/system-packages.txt that this machine lacks (as root, or through
# sudo). Used by .ci/run and the GitHub workflows; a developer may run it too, or the README's apt-get line.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
while read -r package command _; do
  case "$package" in "" | "#"*) continue ;; esac
  if [ "${command#/}" != "$command" ]; then [ -x "$command" ] || missing+=("$package")
  else command -v "$command" >/dev/null 2>&1 || missing+=("$package"); fi
done < scripts/system-packages.txt

[ "${#missing[@]}" -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]} for the browser tests"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
