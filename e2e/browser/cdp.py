"""The DevTools protocol over its own WebSocket, for what Selenium's execute_cdp_cmd cannot do: read events (the
service worker's registration id) and talk to a service worker's own target."""
import json
import time
import urllib.request

import websocket


def targets(driver):
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/list") as response:
        return json.loads(response.read())


class CDPSession:
    def __init__(self, ws_url):
        # Chromium refuses DevTools sockets that send an Origin it was not told to allow.
        self.socket = websocket.create_connection(ws_url, timeout=15, suppress_origin=True)
        self.next_id = 0
        self.events = []

    @classmethod
    def page(cls, driver):
        url = driver.current_url
        page = next(t for t in targets(driver) if t["type"] == "page" and t["url"] == url)
        return cls(page["webSocketDebuggerUrl"])

    @classmethod
    def service_worker(cls, driver, scope_hint, timeout=15, scope=None):
        """The worker whose script URL has `scope_hint`; with `scope`, the one of the registration at that scope (the
        same sw.js runs for every scope that registers it: /push/, /phone/tempo/run…)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            for target in targets(driver):
                if target["type"] == "service_worker" and scope_hint in target["url"]:
                    session = cls(target["webSocketDebuggerUrl"])
                    if scope is None or session.evaluate("self.registration.scope").endswith(scope):
                        return session
                    session.close()
            time.sleep(0.2)
        raise AssertionError("no service worker target")

    def send(self, method, params=None):
        self.next_id += 1
        mine = self.next_id
        self.socket.send(json.dumps({"id": mine, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == mine:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, method, predicate=lambda params: True, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for event in self.events:
                if event["method"] == method and predicate(event["params"]):
                    return event["params"]
            self.socket.settimeout(max(0.1, deadline - time.time()))
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                break
            if "method" in message:
                self.events.append(message)
        raise AssertionError(f"no {method} event")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        self.socket.close()
