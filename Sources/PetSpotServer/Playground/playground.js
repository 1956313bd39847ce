// The petspot-geo playground: a map camera driven by the mouse (or touch), the engine's clusters
// for it from GET /clusters, animated from the previous answer by the engine's transitions, the
// fetch query from GET /radius and a tapped pin's callout from GET /callout. Every position drawn
// is the engine's: this page only draws (and projects the graticule by the camera model's
// formulas). `window.playground` exposes the state for the browser test.
"use strict";
(() => {
  const canvas = document.getElementById("map");
  const context = canvas.getContext("2d");
  const calloutBox = document.getElementById("callout");
  const fieldOfView = 36.86989764584402; // degrees: the camera model's default
  const animationMilliseconds = 250;
  const url = new URLSearchParams(location.search);
  const initial = (name, fallback) => {
    const value = Number.parseFloat(url.get(name));
    return Number.isFinite(value) ? value : fallback;
  };
  const state = {
    lat: initial("lat", 48.8566), lng: initial("lng", 2.3522), zoom: initial("zoom", 11),
    heading: initial("heading", 0), pitch: initial("pitch", 0),
    minSeparation: initial("minSeparation", 44), maxZoom: initial("maxZoom", 20),
    statuses: ["MISSING", "FOUND", "CLOSED"],
  };
  const playground = {
    state, items: [], token: null, transitions: [], radius: null, callout: null, selected: null,
    answered: null, requests: 0, busy: false, pending: false, animation: null, errors: [],
    query, cameraQuery, toScreen, settled,
  };
  window.playground = playground;

  // --- The camera -----------------------------------------------------------------------------

  const mercatorX = (lng) => (lng + 180) / 360;
  const mercatorY = (lat) => {
    const phi = (lat * Math.PI) / 180;
    return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
  };
  const latitudeOf = (y) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  const viewport = () => ({ width: canvas.clientWidth, height: canvas.clientHeight });
  const scale = () => 256 * Math.pow(2, state.zoom);

  /** The camera as query parameters: a span whose width gives exactly the zoom asked for. */
  function cameraQuery() {
    const { width, height } = viewport();
    const lngDelta = (360 * width) / scale();
    // Narrower than the viewport's aspect, so the engine widens it: the longitude span decides.
    const latDelta = Math.min(170, 0.98 * lngDelta * (height / width) * Math.cos((state.lat * Math.PI) / 180));
    const fields = { lat: state.lat, lng: state.lng, latDelta, lngDelta, width, height, heading: state.heading };
    if (state.pitch > 0) fields.pitch = state.pitch;
    return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  }

  /** The /clusters parameters: the camera, the options and the statuses shown. */
  function query() {
    let text = `${cameraQuery()}&minSeparation=${state.minSeparation}&maxZoom=${state.maxZoom}`;
    if (state.statuses.length < 3) text += `&status=${state.statuses.join(",")}`;
    return text;
  }

  /** Where the camera draws a coordinate (the camera model's formulas, flat or pitch form). */
  function toScreen(lat, lng) {
    const { width, height } = viewport();
    const s = scale();
    let dx = mercatorX(lng) - mercatorX(state.lng);
    dx -= Math.floor(dx + 0.5); // the world copy nearest the centre
    const dy = mercatorY(lat) - mercatorY(state.lat);
    const theta = (state.heading * Math.PI) / 180;
    const g = s * (dx * Math.cos(theta) + dy * Math.sin(theta));
    const k = s * (dx * Math.sin(theta) - dy * Math.cos(theta));
    if (state.pitch <= 0) return { x: width / 2 + g, y: height / 2 - k, front: true };
    const psi = (state.pitch * Math.PI) / 180;
    const d = height / 2 / Math.tan((fieldOfView * Math.PI) / 360);
    const depth = d + k * Math.sin(psi);
    return { x: width / 2 + (g * d) / depth, y: height / 2 - (k * d * Math.cos(psi)) / depth, front: depth > 0 };
  }

  /** Moves the centre by a drag of (dx, dy) screen points (the centre's scale; tilted: first order). */
  function pan(dx, dy) {
    const s = scale();
    const theta = (state.heading * Math.PI) / 180;
    const a = -dx / s;
    const b = dy / s / Math.max(Math.cos((state.pitch * Math.PI) / 180), 0.2);
    const x = mercatorX(state.lng) + a * Math.cos(theta) + b * Math.sin(theta);
    const y = Math.min(Math.max(mercatorY(state.lat) + a * Math.sin(theta) - b * Math.cos(theta), 0.02), 0.98);
    state.lng = ((((x * 360 - 180) % 360) + 540) % 360) - 180;
    state.lat = latitudeOf(y);
  }

  // --- Answers from the engine ------------------------------------------------------------------

  async function getJSON(path) {
    const response = await fetch(path);
    const body = await response.json();
    if (!response.ok) throw new Error(`${path}: ${body.error}`);
    return body;
  }

  /** Asks for the current camera's clusters (one request at a time; the latest camera wins). */
  async function refresh() {
    if (playground.busy) {
      playground.pending = true;
      return;
    }
    playground.busy = true;
    try {
      do {
        playground.pending = false;
        const asked = query();
        const started = performance.now();
        const previous = playground.token ? `&previous=${playground.token}` : "";
        const answer = await getJSON(`/clusters?${asked}${previous}`);
        const elapsed = performance.now() - started;
        animate(playground.items, answer.items, answer.transitions || []);
        Object.assign(playground, { items: answer.items, token: answer.token, transitions: answer.transitions || [] });
        playground.radius = await getJSON(`/radius?${cameraQuery()}`);
        await placeCallout();
        playground.answered = asked;
        playground.requests += 1;
        showFigures(elapsed);
        requestDraw();
      } while (playground.pending);
      document.getElementById("error").textContent = "";
    } catch (error) {
      playground.errors.push(String(error));
      document.getElementById("error").textContent = String(error.message || error);
    } finally {
      playground.busy = false;
    }
  }

  /** The selected pin's callout, placed by the engine where the pin is drawn now. */
  async function placeCallout() {
    const item = playground.items.find((i) => i.kind !== "cluster" && i.id === playground.selected);
    if (!item) {
      playground.callout = null;
      calloutBox.style.display = "none";
      return;
    }
    const { width, height } = viewport();
    const size = { width: 220, height: 96 };
    playground.callout = await getJSON(
      `/callout?width=${width}&height=${height}&x=${item.x}&y=${item.y}&cardWidth=${size.width}&cardHeight=${size.height}`);
    const frame = playground.callout.frame;
    Object.assign(calloutBox.style, {
      display: "block", left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`, height: `${frame.height}px`,
    });
    document.getElementById("callout-title").textContent = item.id;
    document.getElementById("callout-text").textContent =
      `${item.status || "no status"} · ${item.lat.toFixed(5)}, ${item.lng.toFixed(5)} · ${playground.callout.placement}`;
  }

  function showFigures(elapsed) {
    const r = playground.radius;
    document.getElementById("fetch").textContent =
      `GET /announcements?lat=${r.lat}&lng=${r.lng}&range=${r.range}`;
    const pins = playground.items.reduce((n, i) => n + (i.count || 1), 0);
    document.getElementById("counts").textContent =
      `${playground.items.length} items, ${pins} pins, zoom ${state.zoom.toFixed(2)}`;
    document.getElementById("timing").textContent = `/clusters ${elapsed.toFixed(1)} ms`;
  }

  /** Whether the page shows the answer for the current camera, still. */
  function settled() {
    return !playground.busy && !playground.pending && playground.answered === query() && playground.animation === null;
  }

  // --- Drawing ------------------------------------------------------------------------------------

  /** New items start where their old items were (stay, split, merge, regroup); old items that
   *  merge move into their new cluster and fade, disappearing ones fade in place. */
  function animate(oldItems, newItems, transitions) {
    const from = new Array(newItems.length).fill(null);
    const fading = [];
    for (const t of transitions) {
      if (t.kind === "appear") continue;
      if (t.kind === "disappear") {
        for (const i of t.from) fading.push({ item: oldItems[i], to: null });
        continue;
      }
      for (const j of t.to) {
        let best = null;
        for (const i of t.from) {
          const o = oldItems[i];
          const d = (o.x - newItems[j].x) ** 2 + (o.y - newItems[j].y) ** 2;
          if (best === null || d < best.d) best = { x: o.x, y: o.y, d };
        }
        from[j] = best;
      }
      if (t.kind === "merge" || t.kind === "regroup") {
        for (const i of t.from) fading.push({ item: oldItems[i], to: newItems[t.to[0]] });
      }
    }
    playground.animation = { started: performance.now(), from, fading };
    requestDraw();
  }

  let drawScheduled = false;
  function requestDraw() {
    if (drawScheduled) return;
    drawScheduled = true;
    requestAnimationFrame((now) => {
      drawScheduled = false;
      draw(now);
    });
  }

  const colors = { MISSING: "#d7263d", FOUND: "#1b998b", CLOSED: "#8a8a8a" };
  const colorOf = (status) => colors[status] || "#3f6ad8";

  function draw(now) {
    const { width, height } = viewport();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    drawGraticule();
    const animation = playground.animation;
    let progress = 1;
    if (animation) {
      progress = Math.min(1, ((now || performance.now()) - animation.started) / animationMilliseconds);
      progress = 1 - (1 - progress) ** 3;
      for (const { item, to } of animation.fading) {
        const at = to ? { x: item.x + (to.x - item.x) * progress, y: item.y + (to.y - item.y) * progress } : item;
        drawItem(item, at, 1 - progress);
      }
    }
    playground.items.forEach((item, j) => {
      const start = animation && animation.from[j];
      const at = start ? { x: start.x + (item.x - start.x) * progress, y: start.y + (item.y - start.y) * progress } : item;
      drawItem(item, at, animation && !start ? progress : 1);
    });
    drawCalloutArrow();
    if (animation && progress < 1) {
      requestDraw();
    } else {
      playground.animation = null;
    }
  }

  function drawItem(item, at, alpha) {
    context.globalAlpha = alpha;
    if (item.kind === "spider") {
      context.strokeStyle = "#555";
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(item.anchorX, item.anchorY);
      context.lineTo(at.x, at.y);
      context.stroke();
    }
    if (item.kind === "cluster") {
      const counts = item.statusCounts;
      const dominant = Object.keys(counts).reduce((a, b) => (counts[a] >= counts[b] ? a : b));
      const radius = 13 + 4 * Math.log10(item.count);
      context.fillStyle = colorOf(dominant);
      context.beginPath();
      context.arc(at.x, at.y, radius, 0, 2 * Math.PI);
      context.fill();
      context.fillStyle = "#fff";
      context.font = "bold 12px system-ui, sans-serif";
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(String(item.count), at.x, at.y);
    } else {
      context.fillStyle = colorOf(item.status);
      context.strokeStyle = item.id === playground.selected ? "#000" : "#fff";
      context.lineWidth = 2;
      context.beginPath();
      context.arc(at.x, at.y, 7, 0, 2 * Math.PI);
      context.fill();
      context.stroke();
    }
    context.globalAlpha = 1;
  }

  function drawCalloutArrow() {
    const c = playground.callout;
    if (!c) return;
    const f = c.frame;
    const edge = c.placement === "above" ? f.y + f.height : f.y;
    const tip = c.placement === "above" ? edge + 10 : edge - 10;
    const x = f.x + c.arrowX; // arrowX is measured from the card's left edge
    context.fillStyle = "#fff";
    context.strokeStyle = "#0003";
    context.lineWidth = 1;
    context.beginPath();
    context.moveTo(x - 10, edge);
    context.lineTo(x, tip);
    context.lineTo(x + 10, edge);
    context.fill();
    context.stroke();
  }

  /** Meridians and parallels over the visible region, a step of at least about 80 points. */
  function drawGraticule() {
    const r = playground.radius;
    if (!r) return;
    const region = r.visibleRegion;
    const pointsPerDegree = scale() / 360;
    const steps = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001];
    const step = steps.find((s) => s * pointsPerDegree < 160) || steps[steps.length - 1];
    const east = region.east < region.west ? region.east + 360 : region.east;
    context.strokeStyle = "#c9d3dc";
    context.lineWidth = 1;
    const line = (at) => {
      context.beginPath();
      let drawing = false;
      for (let k = 0; k <= 32; k += 1) {
        const p = at(k / 32);
        if (!p.front) {
          drawing = false;
          continue;
        }
        if (drawing) context.lineTo(p.x, p.y);
        else context.moveTo(p.x, p.y);
        drawing = true;
      }
      context.stroke();
    };
    for (let lng = Math.ceil(region.west / step) * step, n = 0; lng <= east && n < 400; lng += step, n += 1) {
      line((t) => toScreen(region.south + (region.north - region.south) * t, lng));
    }
    for (let lat = Math.ceil(region.south / step) * step, n = 0; lat <= region.north && n < 400; lat += step, n += 1) {
      line((t) => toScreen(lat, region.west + (east - region.west) * t));
    }
  }

  // --- Input ----------------------------------------------------------------------------------------

  let drag = null;
  canvas.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, moved: 0 };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    drag.moved += Math.abs(dx) + Math.abs(dy);
    drag.x = event.clientX;
    drag.y = event.clientY;
    if (event.shiftKey) {
      // Shift-drag turns (sideways) and tilts (up and down), as two-finger gestures do on a phone.
      state.heading = (((state.heading + dx * 0.4) % 360) + 360) % 360;
      state.pitch = Math.min(60, Math.max(0, state.pitch - dy * 0.25));
      showSliders();
    } else {
      pan(dx, dy);
    }
    refresh();
  });
  canvas.addEventListener("pointerup", (event) => {
    if (drag && drag.moved < 4) tap(event.clientX, event.clientY);
    drag = null;
  });
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    state.zoom = Math.min(22, Math.max(1, state.zoom - event.deltaY * 0.002));
    refresh();
  }, { passive: false });

  /** A tap: a cluster opens (centred, at its expansion zoom), a pin or spider leg shows its callout. */
  function tap(x, y) {
    let hit = null;
    for (const item of playground.items) {
      const d = Math.hypot(item.x - x, item.y - y);
      if (d <= 22 && (hit === null || d < hit.d)) hit = { item, d };
    }
    if (hit && hit.item.kind === "cluster") {
      state.lat = hit.item.lat;
      state.lng = hit.item.lng;
      state.zoom = Math.min(22, Math.max(hit.item.expansionZoom + 0.05, state.zoom + 0.5));
      playground.selected = null;
    } else {
      playground.selected = hit ? hit.item.id : null;
    }
    refresh();
  }

  const sliders = ["heading", "pitch", "minSeparation", "maxZoom"];
  /** The sliders and their labels as the state has them. */
  function showSliders() {
    for (const name of sliders) {
      const value = name === "heading" || name === "pitch" ? Math.round(state[name] * 10) / 10 : state[name];
      document.getElementById(name).value = String(value);
      document.getElementById(`${name}-value`).textContent = name === "heading" || name === "pitch" ? `${value}°` : String(value);
    }
  }
  for (const name of sliders) {
    const input = document.getElementById(name);
    input.addEventListener("input", () => {
      state[name] = Number(input.value);
      showSliders();
      refresh();
    });
  }
  showSliders();
  for (const box of document.querySelectorAll(".statuses input")) {
    box.addEventListener("change", () => {
      const checked = [...document.querySelectorAll(".statuses input:checked")].map((b) => b.value);
      if (checked.length === 0) box.checked = true; // at least one status is shown
      state.statuses = [...document.querySelectorAll(".statuses input:checked")].map((b) => b.value);
      refresh();
    });
  }
  window.addEventListener("resize", () => refresh());
  refresh();
})();
