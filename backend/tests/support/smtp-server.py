"""A real SMTP server for the server suite's e-mail tests (aiosmtpd, from PyPI).

Usage: python smtp-server.py PORT [--refuse N]

Listens on 127.0.0.1:PORT and prints "ready", then one JSON line per message it accepts:
{"to": [...], "subject": ..., "body": ...}, the subject and text decoded. With --refuse N,
the first N messages are answered 451 (a temporary failure, as a busy server answers) and
printed as {"refused": true}.
"""

import argparse
import email
import email.policy
import json
import sys

from aiosmtpd.controller import Controller


class Handler:
    def __init__(self, refuse):
        self.refuse = refuse

    async def handle_DATA(self, server, session, envelope):
        if self.refuse > 0:
            self.refuse -= 1
            print(json.dumps({"refused": True}), flush=True)
            return "451 Try again later"
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",))
        print(
            json.dumps(
                {
                    "to": envelope.rcpt_tos,
                    "from": envelope.mail_from,
                    "subject": str(message["subject"]),
                    "body": body.get_content() if body is not None else "",
                }
            ),
            flush=True,
        )
        return "250 OK"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--refuse", type=int, default=0)
    args = parser.parse_args()
    controller = Controller(Handler(args.refuse), hostname="127.0.0.1", port=args.port)
    controller.start()
    print("ready", flush=True)
    try:
        # Until the test closes this process's input, as it does when it ends.
        sys.stdin.read()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
