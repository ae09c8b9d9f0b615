"""Holds idle live-channel sockets on a running server, so a memory profiler can look at the server alone.

    heaptrack -o /tmp/ht-live .build/release/cadence serve --port 18811 --data-dir /tmp/memdata --max-connections-per-address 0 &
    .venv/bin/python e2e/bench/live_sockets.py http://127.0.0.1:18811 2000 25
    kill -INT %1; heaptrack_print -f /tmp/ht-live.zst --print-peaks 1 --peak-limit 5 --sub-peak-limit 14

Usage: live_sockets.py BASE_URL SOCKETS HOLD_SECONDS (50 sockets per account, each account with one paired watch).
"""
import asyncio
import json
import os
import sys
import urllib.request

import websockets

BASE, N, HOLD = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])


def post(path, body, token=None):
    req = urllib.request.Request(BASE + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def device_token():
    token = post("/api/v1/auth/register", {"email": f"mem-{os.urandom(4).hex()}@example.org", "displayName": "Mem", "password": "mem password 1"})["token"]
    code = post("/api/v1/devices/pairings", {}, token)["code"]
    return post("/api/v1/devices/pair", {"code": code, "role": "watch", "name": "W"})["token"]


DEVICES = [device_token() for _ in range(max(1, N // 50))]


async def hold(i, ready):
    async with websockets.connect(BASE.replace("http", "ws") + "/api/v1/live", additional_headers={"Authorization": f"Bearer {DEVICES[i % len(DEVICES)]}"},
                                  max_size=None, ping_interval=None) as ws:
        await ws.recv()  # hello
        ready.append(i)
        await asyncio.sleep(HOLD)


async def main():
    ready = []
    tasks = []
    for start in range(0, N, 100):
        tasks += [asyncio.create_task(hold(i, ready)) for i in range(start, min(N, start + 100))]
        await asyncio.sleep(0.3)
    while len(ready) < N:
        await asyncio.sleep(0.5)
    print("held", len(ready), flush=True)
    await asyncio.gather(*tasks, return_exceptions=True)


asyncio.run(main())
