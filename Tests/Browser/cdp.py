"""A headless Chromium driven over the DevTools protocol (--remote-debugging-pipe), with nothing beyond
Python's standard library: what the lesson and quiz page drivers share."""
import base64, json, os, select, subprocess, tempfile, time


class Browser:
    def __init__(self, chromium, width=1280, height=1000):
        self.chromium, self.width, self.height = chromium, width, height
        self.proc = None
        self.buffer = b""
        self.next_id = 0
        self.pending = []
        self.session = None

    def run(self, result, steps):
        """Starts the browser, runs steps() and prints `result` as one JSON object. A failure is
        reported in result["error"], not raised (the test prints it); the browser is always closed."""
        try:
            self.start()
            steps()
        except Exception as e:
            result["error"] = "%s: %s" % (type(e).__name__, e)
        finally:
            self.close()
        print(json.dumps(result))

    def start(self):
        """Starts the browser with one blank page and attaches to it."""
        profile = tempfile.mkdtemp(prefix="listdsl-chromium-")
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def child_fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [self.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--window-size=%d,%d" % (self.width, self.height), "--force-prefers-reduced-motion",
             "--hide-scrollbars", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        target = self.send("Target.createTarget", {"url": "about:blank"}, page=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 page=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.inp], [], [], left)[0]:
                raise TimeoutError("no answer from chromium")
            chunk = self.inp.read(65536)
            if not chunk:
                raise EOFError("chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method, params=None, page=True, timeout=30):
        """Sends a command (to the page's session unless `page` is false) and returns its result."""
        if os.environ.get("DRIVE_DEBUG"):
            print("send", method, file=__import__("sys").stderr)
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if page and self.session:
            message["sessionId"] = self.session
        self.out.write(json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})
            self.pending.append(reply)

    def wait_event(self, name, timeout=30):
        deadline = time.time() + timeout
        while True:
            for i, e in enumerate(self.pending):
                if e.get("method") == name:
                    del self.pending[i]
                    return e
            self.pending.append(self.read_message(deadline))

    def evaluate(self, expression, await_promise=False):
        """The value of a JavaScript expression in the page (with `await_promise`, of the promise it
        gives, once settled)."""
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": await_promise})
        if "exceptionDetails" in r:
            raise RuntimeError("page error: " + json.dumps(r["exceptionDetails"])[:500])
        return r["result"].get("value")

    def open(self, url):
        """Loads `url` afresh (a navigation that changes only the fragment would not reload)."""
        for address in ("about:blank", url):
            self.pending.clear()
            self.send("Page.navigate", {"url": address})
            self.wait_event("Page.loadEventFired")

    def longest_task(self, body):
        """Runs body() under the DevTools protocol's tracing and returns (the longest task of the page's main
        thread in ms, how many of its tasks were traced): how long the page could not answer a key or a
        click while body() ran."""
        self.send("Tracing.start", {"categories": "devtools.timeline,disabled-by-default-devtools.timeline",
                                    "transferMode": "ReportEvents"})
        try:
            body()
        finally:
            self.send("Tracing.end")
        events, others = [], []
        deadline = time.time() + 30
        while time.time() < deadline:
            message = self.pending.pop(0) if self.pending else self.read_message(deadline)
            if message.get("method") == "Tracing.dataCollected":
                events += message["params"]["value"]
            elif message.get("method") == "Tracing.tracingComplete":
                break
            else:
                others.append(message)  # the page's other events, kept for their readers
        self.pending.extend(others)
        main = {(e["pid"], e["tid"]) for e in events
                if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
        tasks = [e.get("dur", 0) / 1000 for e in events if e.get("name") == "RunTask" and (e.get("pid"), e.get("tid")) in main]
        return (max(tasks) if tasks else None), len(tasks)

    def key(self, name, code, modifiers=0):
        """Presses and releases a key; `modifiers` as the protocol counts them (Alt 1, Ctrl 2, Meta 4,
        Shift 8)."""
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name,
                      "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
                      "modifiers": modifiers})

    def emulate(self, width, height, media="", reduced_motion=True):
        """The viewport's size, the media type (`print` or "" for the screen) and whether the user asked
        for reduced motion; a page reads the last when it loads, so open it after this."""
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                  "deviceScaleFactor": 1, "mobile": False})
        self.send("Emulation.setEmulatedMedia", {"media": media, "features": [
            {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]})

    def click(self, x, y):
        """A real mouse click at page coordinates (x, y) of the viewport."""
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                      "clickCount": 1})

    def screenshot(self, path, full_page=False):
        """A PNG of the viewport, or with `full_page` of the whole page."""
        params = {"format": "png", "captureBeyondViewport": full_page}
        if full_page:
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        shot = self.send("Page.captureScreenshot", params)
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.send("Browser.close", page=False, timeout=5)
        except Exception:
            pass
        if self.proc:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
