"""A mail server for the operations tests: it takes every message sent to it over SMTP
and keeps it, so that a test can read the mail the site sent (the password-reset
link). Plain SMTP on the loopback, one thread, the few commands Django's mail uses."""

from __future__ import annotations

import socketserver
import threading
from email import message_from_bytes, policy


class _Session(socketserver.StreamRequestHandler):
    def _say(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self._say("220 mail sink")
        while line := self.rfile.readline():
            command = line.decode("latin-1").strip().upper()
            if command.startswith(("EHLO", "HELO")):
                self._say("250 mail sink")
            elif command == "DATA":
                self._say("354 go on")
                lines = []
                while (row := self.rfile.readline()) not in (b".\r\n", b".\n", b""):
                    lines.append(row[1:] if row.startswith(b"..") else row)
                self.server.messages.append(
                    message_from_bytes(b"".join(lines), policy=policy.default)
                )
                self._say("250 kept")
            elif command == "QUIT":
                self._say("221 bye")
                return
            else:  # MAIL FROM, RCPT TO, RSET, NOOP
                self._say("250 ok")


class MailSink(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Session)
        self.messages = []
        self.port = self.socket.getsockname()[1]

    def __enter__(self):
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.shutdown()
        self.server_close()
        return False
