#!/usr/bin/env bash
# Installs what the tests need beyond the Rust toolchain: aiosmtpd, the
# SMTP server the outbound tests send to; python-chess (PyPI's chess), with
# which tests/it/archive_python_chess.rs reads the exported PGN;
# caissify-pairings, the Dutch pairing checker of the Swiss tests; the openssl
# command that makes their test certificates; dovecot-imapd, the IMAP
# server of the intake tests, and dovecot-lmtpd; systemd-analyze (package systemd) and
# procmail, with which tests/it/deploy_files.rs checks the files in
# deploy/; postfix, which tests/it/postfix_end_to_end.rs runs an instance
# of (the package's own service is never started); chromium (see below).
# Safe to run again; quiet when everything is there.
set -euo pipefail
# tests/it/swiss_pairings.rs checks our Swiss pairings with the free
# pairings checker of caissify-pairings, an independent Dutch system.
# One pip run for what is missing (each run costs pip's own start-up).
wanted=()
python3 -c 'import aiosmtpd' 2>/dev/null || wanted+=(aiosmtpd)
python3 -c 'import chess' 2>/dev/null || wanted+=(chess)
python3 -c 'import caissify_pairings' 2>/dev/null || wanted+=(caissify-pairings==0.5.0)
if [ ${#wanted[@]} -gt 0 ]; then
    python3 -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
fi
missing=()
command -v openssl >/dev/null || missing+=(openssl)
command -v systemd-analyze >/dev/null || missing+=(systemd)
command -v procmail >/dev/null || missing+=(procmail)
# tests/it/imap_intake.rs starts a Dovecot of its own (tests/dovecot/); the
# package's own service is not started in a container and is not needed.
[ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
# Its LMTP service, which tests/it/postfix_end_to_end.rs delivers through.
[ -x /usr/lib/dovecot/lmtp ] || missing+=(dovecot-lmtpd)
if [ ! -x /usr/sbin/postfix ]; then
    # "No configuration": no main.cf, no mail for this machine.
    echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
    missing+=(postfix)
fi
# tests/it/board_browser.rs screenshots the HTML boards in headless Chromium;
# DejaVu Sans has the chess figures it draws them with.
command -v chromium >/dev/null || missing+=(chromium)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
