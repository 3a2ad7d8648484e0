"""Load test: N concurrent tables on 127.0.0.1 for T seconds (default 200 tables, 60 s).

The server runs as its own process (``python -m truco_server``, a fresh SQLite file, bots
without delay). Each table has one WebSocket client at seat 0 that plays a random legal
action whenever it is its turn (at once, or after a random think time of ``--think``
seconds on average), against the server's simple bot at seat 1; when a match ends the
client starts another. Reported: actions per second (all actions the tables
stored, and those of the clients alone), the latency from a client sending an action to
its acknowledgement (p50, p99), errors (frames of type ``error``, and failed connections),
and the server's memory (resident set, peak).

    python bench/load.py [--tables 200] [--seconds 60] [--variant argentine]

Not a test: the figures depend on the machine (they are quoted in the README).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.matches = 0
        self.limited = 0
        self.stored = 0  # actions stored at finished tables, plus the open ones at the end


async def table_client(
    url: str, variant: str, stop: float, stats: Stats, seed: int, think: float
) -> None:
    rng = random.Random(seed)
    try:
        async with connect(url, max_size=2**22) as ws:
            seq = 0

            async def call(**msg: object) -> dict[str, object]:
                """Send, and return the answer; one refused by the rate limit (a client
                faster than 50 messages a second) is sent again a little later."""
                nonlocal seq
                while True:
                    seq += 1
                    msg["seq"] = seq
                    await ws.send(json.dumps(msg))
                    while True:
                        frame = json.loads(await ws.recv())
                        if frame.get("seq") == seq and frame["type"] != "state":
                            break
                    if frame.get("code") != "rate-limit":
                        return frame  # type: ignore[no-any-return]
                    stats.limited += 1
                    await asyncio.sleep(0.1)

            while time.monotonic() < stop:
                created = await call(type="create", variant=variant, seats=2)
                await call(type="join", table=created["table"], seat=0, name="load")
                await call(type="bots", bot="simple")
                await call(type="start")
                n = 0
                while time.monotonic() < stop:
                    frame = json.loads(await ws.recv())
                    if frame["type"] == "error":
                        stats.errors.append(frame["code"])
                        continue
                    if frame["type"] != "state":
                        continue
                    n = frame["n"]
                    if frame["status"] == "over":
                        stats.matches += 1
                        break
                    view = frame["view"]
                    if not frame["legal"] or view["current_player"] != frame["seat"]:
                        continue
                    text = rng.choice(frame["legal"])["text"]
                    if think:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    sent = time.perf_counter()
                    answer = await call(type="act", action=text)
                    if answer["type"] == "ack":
                        stats.latencies.append(time.perf_counter() - sent)
                        n = int(answer["n"])  # type: ignore[call-overload]
                    else:
                        stats.errors.append(str(answer.get("code")))
                stats.stored += n
    except Exception as exc:  # a failed connection is an error too
        stats.errors.append(f"{type(exc).__name__}: {exc}")


def memory(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) // 1024
    return fields


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "truco_server", "--db", f"{tmp}/load.sqlite",
             "--port", str(port), "--bot-delay", "0"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            await asyncio.sleep(2.0)
            idle = memory(server.pid)
            stats = Stats()
            start = time.monotonic()
            stop = start + args.seconds
            url = f"ws://127.0.0.1:{port}/ws"
            await asyncio.gather(
                *(
                    table_client(url, args.variant, stop, stats, k, args.think)
                    for k in range(args.tables)
                )
            )
            elapsed = time.monotonic() - start
            mem = memory(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    lat = sorted(stats.latencies)

    def p(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000

    print(
        f"{args.tables} tables of {args.variant}, {elapsed:.1f} s on 127.0.0.1, "
        f"think time {args.think} s on average"
    )
    print(f"actions stored: {stats.stored} ({stats.stored / elapsed:.0f}/s)")
    print(f"client actions acknowledged: {len(lat)} ({len(lat) / elapsed:.0f}/s)")
    print(f"matches finished: {stats.matches}")
    if lat:
        print(
            f"action -> ack latency: p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
            f"mean {statistics.fmean(lat) * 1000:.1f} ms"
        )
    print(f"errors: {len(stats.errors)} {sorted(set(stats.errors))[:5]}")
    print(f"actions refused by the rate limit (and sent again): {stats.limited}")
    print(f"server memory: idle {idle.get('VmRSS')} MiB, end {mem.get('VmRSS')} MiB, "
          f"peak {mem.get('VmHWM')} MiB")  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--variant", default="argentine")
    p.add_argument(
        "--think", type=float, default=0.0,
        help="average seconds a client waits before it acts (0: at once, the server saturated)",
    )  # fmt: skip
    asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    main()
