#!/usr/bin/env python3
"""Peak memory of the server under image uploads and first scalings (issue 21, item 8).

Starts the given binary (default target/release/aqar) on a fresh SQLite database in a
temporary folder (its temporary upload files there too) and a free 127.0.0.1 port, then:
  - uploads 8 PNGs of 7000x7000 pixels at 16 bits per RGBA channel, each one colour
    (a few hundred KB each, 392 MB each once decoded whole: the review's 381 KB PNG);
  - at once, fires 8 `POST /api/upload-images` of the largest form the server takes
    (19 files of about 10 MB, 190 MiB per request) and 8 `GET /media/...?w=1280` of those
    PNGs (each the first, so each is scaled). An upload answered 503 is sent again after
    its Retry-After, until every upload is stored;
  - samples the server's resident memory (VmRSS) every 20 ms and reads its peak (VmHWM)
    from /proc at the end.
The target is a peak under 512 MB.

Usage: python3 bench/upload-memory.py [path/to/aqar] [--uploads N] [--scalings N] [--files N]
Only loopback is used; every socket has a timeout; the server is stopped at the end.
"""

import argparse
import http.client
import json
import os
import socket
import struct
import tempfile
import threading
import time
import zlib

from harness import Server, memory_kib

TIMEOUT_SECS = 600
BOUNDARY = "aqar-bench-boundary-93hf7s"
MAX_IMAGE_BYTES = 10 * 1024 * 1024


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, bit_depth, colour_type, rows, note=b""):
    """A PNG whose IDAT is the zlib stream of `rows` (each with its filter byte); `note`, a
    tEXt chunk, makes files of the same pixels different files."""
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    text = chunk(b"tEXt", b"Comment\x00" + note) if note else b""
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + text + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def flat_sixteen_bit_pngs(side, count):
    """`count` different files of side x side RGBA at 16 bits a channel, one colour: small
    files, huge when decoded whole."""
    row = b"\x00" + struct.pack(">HHHH", 0x1234, 0xABCD, 0x8000, 0xFFFF) * side
    compressor = zlib.compressobj(6)
    parts = [compressor.compress(row) for _ in range(side)]
    parts.append(compressor.flush())
    rows = b"".join(parts)
    return [png(side, side, 16, 6, rows, f"bench image {n}".encode()) for n in range(count)]


def largest_png():
    """A PNG of noise just under 10 MB (1600 x 1630 RGBA, stored uncompressed)."""
    width, height = 1600, 1630
    noise = os.urandom(width * 4 * 64)
    rows = b"".join(b"\x00" + noise[(y % 64) * width * 4 : (y % 64 + 1) * width * 4] for y in range(height))
    data = png(width, height, 8, 6, zlib.compress(rows, 0))
    assert len(data) <= MAX_IMAGE_BYTES, len(data)
    return data


def multipart(files):
    parts = []
    for n, data in enumerate(files):
        parts.append(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="photo-{n}.png"\r\n'
            "Content-Type: image/png\r\n\r\n".encode()
        )
        parts.append(data)
        parts.append(b"\r\n")
    parts.append(f"--{BOUNDARY}--\r\n".encode())
    return b"".join(parts)


def raw_post(port, path, headers, body):
    """(status, headers dict, body) of a POST sent on a raw socket, which stops sending the
    body as soon as the server answers (a 503 comes before the body is read)."""
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\nConnection: close\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
    answer = b""
    sent = 0
    started = time.monotonic()
    view = memoryview(body)
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_SECS) as stream:
        stream.sendall(head.encode())
        stream.setblocking(False)
        while time.monotonic() - started < TIMEOUT_SECS:
            try:
                received = stream.recv(65536)
                if not received:
                    break
                answer += received
                continue
            except BlockingIOError:
                pass
            except OSError:
                break
            if sent < len(body):
                try:
                    sent += stream.send(view[sent : sent + (1 << 20)])
                except BlockingIOError:
                    time.sleep(0.0005)
                except OSError:
                    time.sleep(0.01)
            else:
                time.sleep(0.005)
    head, _, content = answer.partition(b"\r\n\r\n")
    lines = head.decode(errors="replace").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, content


def run(binary, uploads, scalings, files):
    print("making the images ...", flush=True)
    heavy = flat_sixteen_bit_pngs(7000, scalings)
    form = multipart([largest_png() for _ in range(files)])
    # The server's temporary upload files go to its own folder too.
    folder = tempfile.TemporaryDirectory()
    server = Server(binary, workdir=folder.name, extra_env={"ROCKET_TEMP_DIR": folder.name})
    pid = server.process.pid
    try:
        cookie = server.sign_in()
        headers = {"Cookie": cookie}
        paths = []
        for n, data in enumerate(heavy):
            status, _, content = raw_post(
                server.port,
                "/api/upload-image",
                {**headers, "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"},
                multipart([data]).replace(b'name="images"', b'name="image"'),
            )
            assert status == 201, (status, content[:200])
            paths.append(json.loads(content)["imageUrl"])
        idle_kib = memory_kib(pid, "VmRSS")
        before_kib = memory_kib(pid, "VmHWM")
        samples = []
        done = threading.Event()

        def sample():
            while not done.is_set():
                samples.append(memory_kib(pid, "VmRSS"))
                time.sleep(0.02)

        upload_results = [None] * uploads
        scale_results = [None] * scalings
        gate = threading.Barrier(max(uploads + scalings, 1))

        def upload(i):
            gate.wait()
            started = time.monotonic()
            busy = 0
            while True:
                status, fields, content = raw_post(
                    server.port,
                    "/api/upload-images",
                    {**headers, "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"},
                    form,
                )
                # A refused upload's connection may be reset before its 503 is read.
                if status not in (503, 0):
                    break
                busy += 1
                time.sleep(float(fields.get("retry-after", "1")))
            stored = len(json.loads(content).get("images", [])) if status == 201 else 0
            upload_results[i] = {"status": status, "busy_503": busy, "stored": stored, "secs": time.monotonic() - started}

        def scale(i):
            gate.wait()
            started = time.monotonic()
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT_SECS)
            connection.request("GET", f"{paths[i]}?w=1280")
            response = connection.getresponse()
            length = len(response.read())
            connection.close()
            scale_results[i] = {"status": response.status, "bytes": length, "secs": time.monotonic() - started}

        sampler = threading.Thread(target=sample)
        sampler.start()
        threads = [threading.Thread(target=upload, args=(i,)) for i in range(uploads)]
        threads += [threading.Thread(target=scale, args=(i,)) for i in range(scalings)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        done.set()
        sampler.join()
        return {
            "uploads": {
                "requests": uploads,
                "files_per_request": files,
                "mib_per_request": round(len(form) / 1048576, 1),
                "statuses": sorted(r["status"] for r in upload_results),
                "files_stored": sum(r["stored"] for r in upload_results),
                "answered_503_or_reset_then_retried": sum(r["busy_503"] for r in upload_results),
                "slowest_secs": round(max((r["secs"] for r in upload_results), default=0), 1),
            },
            "scalings": {
                "requests": scalings,
                "png_kib": [round(len(data) / 1024) for data in heavy[:1]],
                "statuses": sorted(r["status"] for r in scale_results),
                "slowest_secs": round(max((r["secs"] for r in scale_results), default=0), 1),
            },
            "seconds": round(elapsed, 1),
            "rss_idle_mib": round(idle_kib / 1024, 1),
            "vm_hwm_before_load_mib": round(before_kib / 1024, 1),
            "rss_sampled_max_mib": round(max(samples) / 1024, 1),
            "vm_hwm_mib": round(memory_kib(pid, "VmHWM") / 1024, 1),
        }
    finally:
        server.stop()
        folder.cleanup()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/aqar")
    parser.add_argument("--uploads", type=int, default=8)
    parser.add_argument("--scalings", type=int, default=8)
    parser.add_argument("--files", type=int, default=19)
    args = parser.parse_args()
    print(json.dumps(run(args.binary, args.uploads, args.scalings, args.files), indent=2))


if __name__ == "__main__":
    main()
