#!/usr/bin/env bash
# Installs what the tests need beyond the Rust toolchain: aiosmtpd, the
# SMTP server the outbound tests send to, and the openssl command that
# makes their test certificates. Safe to run again; quiet when everything
# is there.
set -euo pipefail
if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check aiosmtpd
fi
if ! command -v openssl >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null
fi
