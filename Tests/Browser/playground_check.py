"""The playground page in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`) driven by Selenium against `petspot-geo serve --pins Data/pins.csv`.

It loads the page, then drags, zooms with the wheel, taps a cluster, taps a pin and tilts — after
each step the items the page draws must be exactly `GET /clusters`' for the page's camera (and,
after the tap, the transitions those of `previous=<the token before>`), the callout the page shows
must be where `GET /callout` places it, and the browser console must stay free of errors.
Screenshots go to out/browser/; `playground.png` (a dense city, tilted, a callout open) is the
README's picture.

Usage: playground_check.py PETSPOT_GEO_BIN
"""
import json
import os
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "CLI"))
from checks import Checks  # noqa: E402  (Tests/CLI/checks.py)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOTS = os.path.join(ROOT, "out", "browser")
WINDOW = (1280, 800)
check = Checks()
# The canvas's size in CSS points (the window less the browser's own bars), read from the page.
WIDTH = HEIGHT = 0



def start(binary, pins=os.path.join(ROOT, "Data", "pins.csv")):
    process = subprocess.Popen([binary, "serve", "--pins", pins, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    return process, int(line.strip().rsplit(":", 1)[1])


def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        return json.loads(answer.read())


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={WINDOW[0]},{WINDOW[1]}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def settle(driver, what, timeout=15):
    """Waits until the page shows the answer for its current camera and no animation runs."""
    end = time.time() + timeout
    while time.time() < end:
        if driver.execute_script("return !!(window.playground && window.playground.settled())"):
            check(True, what)
            return
        time.sleep(0.05)
    check(False, f"{what}: the page settles within {timeout} s")


def page(driver):
    return driver.execute_script(
        "const p = window.playground;"
        "return {state: p.state, items: p.items, token: p.token, transitions: p.transitions,"
        " callout: p.callout, selected: p.selected, query: p.query(), camera: p.cameraQuery(), errors: p.errors};")


def drawn_as_served(driver, port, what):
    """The items the page draws are /clusters' for the page's camera, exactly."""
    shown = page(driver)
    answer = get(port, "/clusters?" + shown["query"])
    check(shown["items"] == answer["items"], f"{what}: the page draws /clusters' {len(answer['items'])} items")
    check(shown["errors"] == [], f"{what}: no failed request ({shown['errors']})")
    return shown


def at(driver, x, y):
    """An action chain with the pointer at screen point (x, y) of the canvas."""
    canvas = driver.find_element(By.ID, "map")
    return ActionChains(driver).move_to_element_with_offset(canvas, x - WIDTH / 2, y - HEIGHT / 2)


def inside(item, margin=60):
    return margin < item["x"] < WIDTH - margin and margin < item["y"] < HEIGHT - margin and item["x"] > 320


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def main():
    global WIDTH, HEIGHT
    binary = sys.argv[1]
    os.makedirs(SHOTS, exist_ok=True)
    process, port = start(binary)
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/?lat=48.8566&lng=2.3522&zoom=8.6")
        settle(driver, "the page loads")
        WIDTH, HEIGHT = driver.execute_script(
            "const c = document.getElementById('map'); return [c.clientWidth, c.clientHeight];")
        first = drawn_as_served(driver, port, "loaded")
        check(f"width={WIDTH}" in first["camera"] and f"height={HEIGHT}" in first["camera"],
              f"the camera is the window ({first['camera']})")
        fetch = driver.find_element(By.ID, "fetch").text
        radius = get(port, "/radius?" + first["camera"])
        check(fetch == f"GET /announcements?lat={radius['lat']}&lng={radius['lng']}&range={radius['range']}",
              f"the panel shows the engine's fetch query ({fetch})")
        driver.save_screenshot(os.path.join(SHOTS, "loaded.png"))

        # Drag the map right and down: the centre moves west and north.
        at(driver, 700, 400).click_and_hold().move_by_offset(60, 20).move_by_offset(60, 20).release().perform()
        settle(driver, "after a drag")
        dragged = drawn_as_served(driver, port, "dragged")
        check(dragged["state"]["lng"] < first["state"]["lng"] and dragged["state"]["lat"] > first["state"]["lat"],
              f"a drag right and down moves the centre west and north ({dragged['state']})")

        # The wheel zooms in.
        canvas = driver.find_element(By.ID, "map")
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(canvas), 0, -300).perform()
        settle(driver, "after the wheel")
        zoomed = drawn_as_served(driver, port, "zoomed")
        check(zoomed["state"]["zoom"] > dragged["state"]["zoom"], f"the wheel zooms in ({zoomed['state']['zoom']})")

        # Tap a cluster: it opens (centred, at its expansion zoom); the transitions are the engine's.
        clusters = [i for i in zoomed["items"] if i["kind"] == "cluster" and inside(i)]
        check(clusters != [], "a cluster to tap")
        if clusters:
            cluster = max(clusters, key=lambda i: i["count"])
            at(driver, cluster["x"], cluster["y"]).click().perform()
            settle(driver, "after tapping a cluster")
            opened = drawn_as_served(driver, port, "cluster tapped")
            check(opened["state"]["zoom"] >= cluster["expansionZoom"] and
                  (opened["state"]["lat"], opened["state"]["lng"]) == (cluster["lat"], cluster["lng"]),
                  f"the tapped cluster is centred at its expansion zoom ({opened['state']}, {cluster})")
            check(cluster["id"] not in [i["id"] for i in opened["items"]], "the tapped cluster has split")
            expected = get(port, f"/clusters?{opened['query']}&previous={zoomed['token']}")
            check(opened["transitions"] == expected["transitions"],
                  "the page animates the engine's transitions from the previous answer")
            driver.save_screenshot(os.path.join(SHOTS, "cluster-opened.png"))

        # Shift-drag turns and tilts; then the pitch slider to 50°: the page's camera is in pitch
        # form, and it still draws /clusters' items.
        turned = page(driver)["state"]
        (at(driver, 700, 400).key_down(Keys.SHIFT).click_and_hold().move_by_offset(50, -40).release()
         .key_up(Keys.SHIFT).perform())
        settle(driver, "after a shift-drag")
        shifted = drawn_as_served(driver, port, "turned and tilted")
        check(shifted["state"]["heading"] > turned["heading"] and shifted["state"]["pitch"] > turned["pitch"] and
              (shifted["state"]["lat"], shifted["state"]["lng"]) == (turned["lat"], turned["lng"]),
              f"a shift-drag turns and tilts, the centre kept ({shifted['state']})")
        tilt(driver, 50)
        settle(driver, "after tilting")
        tilted = drawn_as_served(driver, port, "tilted")
        check("pitch=50" in tilted["query"], f"the tilted camera is in pitch form ({tilted['query']})")

        # Tap a pin: its callout appears where the engine places it.
        tap_pin(driver, port, tilted, "tilted")
        driver.save_screenshot(os.path.join(SHOTS, "tilted-callout.png"))

        errors = console_errors(driver)
        check(errors == [], f"the browser console has no errors ({errors})")

        # The README's picture: a dense city (300,000 skewed pins, seed 1; Paris), tilted and
        # turned, a callout open.
        dense = os.path.join(SHOTS, "gallery.psgpins")
        subprocess.run([binary, "generate", "--kind", "skewed", "--count", "300000", "--seed", "1", "--output", dense,
                        "--places", os.path.join(ROOT, "Data", "geonames-places.csv")], check=True)
        gallery_process, gallery_port = start(binary, dense)
        try:
            driver.get(f"http://127.0.0.1:{gallery_port}/?lat=48.8566&lng=2.3522&zoom=11.2&heading=20&pitch=50")
            settle(driver, "the gallery camera loads", timeout=30)
            gallery = drawn_as_served(driver, gallery_port, "gallery")
            tap_pin(driver, gallery_port, gallery, "gallery")
            driver.save_screenshot(os.path.join(SHOTS, "playground.png"))
            errors = console_errors(driver)
            check(errors == [], f"the browser console has no errors on the gallery camera ({errors})")
        finally:
            gallery_process.terminate()
            gallery_process.wait()
    finally:
        driver.quit()
        process.terminate()
        process.wait()
    check.finish("playground_check", f" (screenshots in {os.path.relpath(SHOTS, ROOT)})")


def tilt(driver, degrees):
    """Moves the pitch slider as a user does (its input event)."""
    driver.execute_script(
        "const s = document.getElementById('pitch'); s.value = String(arguments[0]);"
        "s.dispatchEvent(new Event('input'));", degrees)


def tap_pin(driver, port, shown, what):
    pins = [i for i in shown["items"] if i["kind"] != "cluster" and inside(i, 140) and i["x"] > 480]
    check(pins != [], f"{what}: a pin to tap")
    if not pins:
        return
    pin = pins[0]
    at(driver, pin["x"], pin["y"]).click().perform()
    settle(driver, f"{what}: after tapping a pin")
    tapped = page(driver)
    check(tapped["selected"] == pin["id"], f"{what}: the tapped pin is selected ({tapped['selected']}, {pin['id']})")
    placed = get(port, f"/callout?width={WIDTH}&height={HEIGHT}&x={pin['x']}&y={pin['y']}&cardWidth=220&cardHeight=96")
    check(tapped["callout"] == placed, f"{what}: the callout is the engine's ({tapped['callout']} vs {placed})")
    box = driver.execute_script(
        "const r = document.getElementById('callout').getBoundingClientRect();"
        "return {x: r.left, y: r.top, width: r.width, height: r.height};")
    frame = placed["frame"]
    check(all(abs(box[k] - frame[k]) <= 0.5 for k in ("x", "y", "width", "height")),
          f"{what}: the callout card is drawn at the engine's frame ({box} vs {frame})")


if __name__ == "__main__":
    main()
