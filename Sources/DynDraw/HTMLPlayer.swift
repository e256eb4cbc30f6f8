// The fixed parts of an HTML recording: the page around the canvas (controls, style) and the
// player script. The player draws like CairoScene (same colours, line widths in the same unit,
// same link styles), minus velocity arrows, which the recording does not keep.
//
// For tests and users the page shows its state: `#t=0.5` in the address seeks to world time
// 0.5 s, paused (the frame shown is the last one at or before that time); `window.dynState`
// holds the time and what is drawn ({t, frameTime, frame, playing, items: [{name, x, y,
// angle}], links: [{name, style, ax, ay, bx, by}]}), and, while paused, the element
// `#dyn-state` holds it as JSON text.

enum HTMLPlayer {
    static func head(title: String, width: Int, height: Int) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="dyn">
        <title>\(htmlEscaped(title))</title>
        <style>
        body { margin: 0; padding: 16px; background: #f3f3f3; color: #222; font: 14px system-ui, -apple-system, "Segoe UI", sans-serif; }
        #dyn { display: inline-block; background: #fff; border: 1px solid #d8d8d8; border-radius: 6px; padding: 8px; }
        #view { display: block; width: \(width)px; height: \(height)px; }
        .controls { display: flex; align-items: center; gap: 10px; margin-top: 8px; }
        .controls input[type=range] { flex: 1; min-width: 80px; }
        #play { min-width: 5.5em; }
        #time { min-width: 7.5em; font-variant-numeric: tabular-nums; }
        </style>
        </head>
        <body>
        <div id="dyn">
        <canvas id="view" width="\(width)" height="\(height)"></canvas>
        <div class="controls">
        <button id="play" type="button">Play</button>
        <input id="scrub" type="range" min="0" max="1" step="any" value="0" aria-label="time">
        <span id="time">t = 0.00 s</span>
        <label>speed <select id="speed">
        <option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option>
        </select></label>
        </div>
        </div>
        <pre id="dyn-state" hidden></pre>

        """
    }

    /// The palette as the player uses it: per item colour [outline, fill, trail], anchored
    /// [outline, fill], and the greys.
    static func colors() -> String {
        func css(_ c: Palette.RGB) -> String {
            let digits = Array("0123456789abcdef")
            var s = "\"#"
            for v in [c.r, c.g, c.b] {
                s.append(digits[Int(v >> 4)])
                s.append(digits[Int(v & 15)])
            }
            return s + "\""
        }
        let items = Palette.items.indices.map { i -> String in
            let probe = Scene.Item(name: "", shape: .rectangle(width: 1, height: 1), center: .zero, colorIndex: i)
            return "[" + css(FileStyle.outline(probe)) + "," + css(FileStyle.fill(probe)) + "," + css(FileStyle.trail(i)) + "]"
        }
        let anchoredProbe = Scene.Item(name: "", shape: .rectangle(width: 1, height: 1), center: .zero, anchored: true)
        return "{items: [" + items.joined(separator: ",") + "], anchored: [" + css(FileStyle.outline(anchoredProbe)) + ","
            + css(FileStyle.fill(anchoredProbe)) + "], background: " + css(Palette.background) + ", boundary: "
            + css(Palette.boundary) + ", bounds: " + css(Palette.bounds) + ", link: " + css(Palette.link) + ", text: "
            + css(Palette.text) + ", field: " + css(Palette.field) + "}"
    }

    /// The functions the data calls (see HTMLRecording).
    static let dataFunctions = """
        function S(id, name, kind, d, c, a) { DYN.shapes[id] = {name: name, kind: kind, d: d, c: c, anchored: a === 1}; }
        function K(id, name, style, anchor) { DYN.links[id] = {name: name, style: style, anchor: anchor === 1}; }
        function W(id, b, collide, lines, traced, fields) { DYN.worlds[id] = {b: b, collide: collide === 1, lines: lines, traced: traced, fields: fields}; }
        function F(t, w, p, l) { DYN.frames.push({t: t, w: w, p: p, l: l}); }

        """

    static let script = #"""
        (function () {
          "use strict";
          var D = DYN, frames = D.frames, C = D.colors;
          var canvas = document.getElementById("view"), ctx = canvas.getContext("2d");
          var playButton = document.getElementById("play"), scrub = document.getElementById("scrub");
          var timeText = document.getElementById("time"), speedMenu = document.getElementById("speed");
          var stateElement = document.getElementById("dyn-state");
          var ratio = window.devicePixelRatio || 1;
          canvas.width = Math.round(D.width * ratio);
          canvas.height = Math.round(D.height * ratio);
          var s = D.view[0], ox = D.view[1], oy = D.view[2], u = D.view[3];
          function X(x) { return ox + (x - D.region[0]) * s; }
          function Y(y) { return oy + (y - D.region[1]) * s; }
          var t0 = frames[0].t, t1 = frames[frames.length - 1].t;
          var period = 1 / D.fps;
          var time = t0, playing = false, speed = 1, lastNow = null;
          scrub.min = String(t0);
          scrub.max = String(t1 > t0 ? t1 : t0 + period);
          scrub.value = String(t0);

          function fixed2(t) { var v = Math.round(t * 100) / 100; return (v === 0 ? 0 : v).toFixed(2); }

          // The last frame at or before time t (the first frame before the recording starts).
          function frameIndex(t) {
            var lo = 0, hi = frames.length - 1;
            if (frames[0].t > t + 1e-9) return 0;
            while (lo < hi) {
              var mid = (lo + hi + 1) >> 1;
              if (frames[mid].t <= t + 1e-9) lo = mid; else hi = mid - 1;
            }
            return lo;
          }

          function itemColors(shape) {
            if (shape.anchored) return C.anchored;
            var n = C.items.length;
            return C.items[((shape.c % n) + n) % n];
          }

          // Where each traced item was, frame by frame: {name: [[frame, x, y], ...]}, built once.
          var trails = null;
          function buildTrails() {
            trails = {};
            for (var i = 0; i < frames.length; i++) {
              var traced = D.worlds[frames[i].w].traced;
              if (!traced.length) continue;
              var p = frames[i].p;
              for (var k = 0; k < p.length; k += 4) {
                var name = D.shapes[p[k]].name;
                if (traced.indexOf(name) < 0) continue;
                (trails[name] = trails[name] || []).push([i, p[k + 1], p[k + 2]]);
              }
            }
          }

          function line(a, b, c, d) { ctx.moveTo(a, b); ctx.lineTo(c, d); }
          function circle(x, y, r) { ctx.moveTo(x + r, y); ctx.arc(x, y, r, 0, 2 * Math.PI); }
          function stroke(color, width, dash) {
            ctx.strokeStyle = color; ctx.lineWidth = width; ctx.setLineDash(dash || []);
            ctx.stroke(); ctx.setLineDash([]);
          }
          function fill(color) { ctx.fillStyle = color; ctx.fill(); }

          function drawItem(id, x, y, a) {
            var sh = D.shapes[id], d = sh.kind === "p" ? null : sh.d, cx = X(x), cy = Y(y), size;
            ctx.beginPath();
            if (sh.kind === "e") {
              size = Math.min(d[0], d[1]) * s;
              ctx.ellipse(cx, cy, Math.max(d[0] * s / 2, 1e-6), Math.max(d[1] * s / 2, 1e-6), a, 0, 2 * Math.PI);
            } else {
              ctx.save(); ctx.translate(cx, cy); ctx.rotate(a);
              if (sh.kind === "r") {
                size = Math.min(d[0], d[1]) * s;
                ctx.rect(-d[0] * s / 2, -d[1] * s / 2, d[0] * s, d[1] * s);
              } else {
                var v = sh.d, x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
                for (var k = 0; k < v.length; k += 2) {
                  x0 = Math.min(x0, v[k]); x1 = Math.max(x1, v[k]); y0 = Math.min(y0, v[k + 1]); y1 = Math.max(y1, v[k + 1]);
                  if (k === 0) ctx.moveTo(v[k] * s, v[k + 1] * s); else ctx.lineTo(v[k] * s, v[k + 1] * s);
                }
                ctx.closePath();
                size = Math.min(x1 - x0, y1 - y0) * s;
              }
              ctx.restore();
            }
            var col = itemColors(sh);
            if (size < 3) { fill(col[0]); return; }
            fill(col[1]);
            stroke(col[0], Math.min(1.25 * u, size / 4));
          }

          // The lowest point of an item on screen, for its name.
          function itemBottom(id, y, a) {
            var sh = D.shapes[id], c = Math.cos(a), sn = Math.sin(a), h = 0;
            if (sh.kind === "e") {
              h = Math.sqrt(Math.pow(sh.d[0] / 2 * sn, 2) + Math.pow(sh.d[1] / 2 * c, 2));
            } else {
              var v = sh.kind === "r" ? [-sh.d[0] / 2, -sh.d[1] / 2, sh.d[0] / 2, sh.d[1] / 2, -sh.d[0] / 2, sh.d[1] / 2, sh.d[0] / 2, -sh.d[1] / 2] : sh.d;
              for (var k = 0; k < v.length; k += 2) h = Math.max(h, sn * v[k] + c * v[k + 1]);
            }
            return Y(y + h);
          }

          function drawLink(link, ax, ay, bx, by) {
            var dx = bx - ax, dy = by - ay, len = Math.sqrt(dx * dx + dy * dy);
            ctx.beginPath();
            switch (link.style) {
            case "rod":
              line(ax, ay, bx, by); stroke(C.link, 1.5 * u);
              ctx.beginPath(); circle(ax, ay, 1.75 * u); circle(bx, by, 1.75 * u); fill(C.link);
              break;
            case "spring":
              if (len <= 4 * u) { line(ax, ay, bx, by); stroke(C.link, 1.25 * u); break; }
              var ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
              var lead = Math.min(6 * u, len / 4), body = len - 2 * lead;
              var zigs = Math.max(4, Math.min(20, Math.floor(body / (5 * u)))), amp = 4 * u;
              ctx.moveTo(ax, ay); ctx.lineTo(ax + lead * ux, ay + lead * uy);
              for (var k = 0; k < zigs; k++) {
                var along = lead + body * (k + 0.5) / zigs, side = k % 2 === 0 ? 1 : -1;
                ctx.lineTo(ax + along * ux + side * amp * nx, ay + along * uy + side * amp * ny);
              }
              ctx.lineTo(ax + (len - lead) * ux, ay + (len - lead) * uy); ctx.lineTo(bx, by);
              stroke(C.link, 1.25 * u);
              break;
            case "pin":
              if (len > u) { line(ax, ay, bx, by); stroke(C.link, u); }
              ctx.beginPath(); circle(bx, by, 3.5 * u); fill(C.background); stroke(C.link, 1.25 * u);
              break;
            case "limit":
              line(ax, ay, bx, by); stroke(C.link, 1.25 * u, [5 * u, 3 * u]);
              break;
            case "slide":
              line(ax - 0.25 * dx, ay - 0.25 * dy, bx + 0.25 * dx, by + 0.25 * dy); stroke(C.link, 0.75 * u);
              break;
            case "fixed":
              var fx = len > 2 * u ? dx / len : 1, fy = len > 2 * u ? dy / len : 0, half = Math.max(len / 2, 4 * u);
              var mx = (ax + bx) / 2, my = (ay + by) / 2;
              line(mx - half * fx, my - half * fy, mx + half * fx, my + half * fy);
              ctx.lineCap = "butt"; stroke(C.link, 4 * u); ctx.lineCap = "round";
              break;
            case "snap":
              line(ax, ay, bx, by); stroke(C.link, 1.5 * u, [0, 3.5 * u]);
              var q = 4 * u;
              ctx.beginPath(); line(bx - q, by - q, bx + q, by + q); line(bx - q, by + q, bx + q, by - q);
              stroke(C.link, 1.25 * u);
              break;
            }
          }

          function haloText(text, x, y, color) {
            ctx.lineWidth = 3 * u; ctx.strokeStyle = C.background; ctx.strokeText(text, x, y);
            ctx.fillStyle = color || C.text; ctx.fillText(text, x, y);
          }

          function render() {
            var index = frameIndex(time), f = frames[index], w = D.worlds[f.w], p = f.p, l = f.l, k;
            ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
            ctx.lineJoin = "round"; ctx.lineCap = "round";
            ctx.fillStyle = C.background; ctx.fillRect(0, 0, D.width, D.height);
            ctx.beginPath(); ctx.rect(X(w.b[0]), Y(w.b[1]), w.b[2] * s, w.b[3] * s);
            if (w.collide) stroke(C.boundary, 1.5 * u); else stroke(C.bounds, u);
            for (k = 0; k < w.lines.length; k++) {
              var pts = w.lines[k][1];
              if (pts.length < 2) continue;
              ctx.beginPath(); ctx.moveTo(X(pts[0]), Y(pts[1]));
              for (var j = 2; j < pts.length; j += 2) ctx.lineTo(X(pts[j]), Y(pts[j + 1]));
              if (w.lines[k][0] === 1) ctx.closePath();
              stroke(C.boundary, 2 * u);
            }
            if (w.traced.length) {
              if (!trails) buildTrails();
              for (k = 0; k < w.traced.length; k++) {
                var tr = trails[w.traced[k]] || [], started = false, color = null;
                ctx.beginPath();
                for (var m = 0; m < tr.length && tr[m][0] <= index; m++) {
                  if (started) ctx.lineTo(X(tr[m][1]), Y(tr[m][2])); else ctx.moveTo(X(tr[m][1]), Y(tr[m][2]));
                  started = true;
                }
                for (var q = 0; q < p.length; q += 4) if (D.shapes[p[q]].name === w.traced[k]) { color = itemColors(D.shapes[p[q]]); break; }
                if (started && color) stroke(color[2], u);
              }
            }
            for (k = 0; k < w.fields.length; k++) {
              var fd = w.fields[k], fo = fd[5];
              for (var j = 0; j < fo.length; j++) {
                ctx.beginPath();
                if (fo[j][0] === "c") circle(X(fd[3]), Y(fd[4]), fo[j][1] * s);
                else ctx.rect(X(fd[3] - fo[j][1] / 2), Y(fd[4] - fo[j][2] / 2), fo[j][1] * s, fo[j][2] * s);
                stroke(C.field, u, [4 * u, 3 * u]);
              }
            }
            for (k = 0; k < p.length; k += 4) drawItem(p[k], p[k + 1], p[k + 2], p[k + 3]);
            for (k = 0; k < l.length; k += 5) drawLink(D.links[l[k]], X(l[k + 1]), Y(l[k + 2]), X(l[k + 3]), Y(l[k + 4]));
            for (k = 0; k < l.length; k += 5) {
              var link = D.links[l[k]];
              if (!link.anchor) continue;
              ctx.beginPath(); circle(X(l[k + 3]), Y(l[k + 4]), (link.style === "pin" ? 1.5 : 2.5) * u); fill(C.boundary);
            }
            ctx.textAlign = "center"; ctx.textBaseline = "middle";
            for (k = 0; k < w.fields.length; k++) {
              var fm = w.fields[k];
              ctx.font = (14 * u) + "px sans-serif"; haloText(fm[2], X(fm[3]), Y(fm[4]), C.field);
              if (D.names && fm[0]) { ctx.font = (9 * u) + "px sans-serif"; haloText(fm[0], X(fm[3]), Y(fm[4]) - 14 * u); }
            }
            if (D.names) {
              ctx.font = (10 * u) + "px sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "top";
              for (k = 0; k < p.length; k += 4) {
                var nm = D.shapes[p[k]].name;
                if (nm) haloText(nm, X(p[k + 1]), itemBottom(p[k], p[k + 2], p[k + 3]) + 3 * u);
              }
            }
            var label = "t = " + fixed2(f.t) + " s";
            if (D.time) {
              ctx.font = (12 * u) + "px sans-serif"; ctx.textAlign = "left"; ctx.textBaseline = "top";
              var pad = 4 * u, tx = Math.max(ox, 0) + 3 * u, ty = Math.max(oy, 0) + 3 * u;
              haloText(label, tx + pad, ty + pad);
            }
            timeText.textContent = label;
            scrub.value = String(time);
            publish(index, f);
          }

          function publish(index, f) {
            var state = {t: time, frameTime: f.t, frame: index, playing: playing, items: [], links: [], fields: []}, k;
            var fw = D.worlds[f.w].fields;
            for (k = 0; k < fw.length; k++) state.fields.push({name: fw[k][0], mark: fw[k][1], x: fw[k][3], y: fw[k][4], outlines: fw[k][5].length});
            for (k = 0; k < f.p.length; k += 4) {
              state.items.push({name: D.shapes[f.p[k]].name, x: f.p[k + 1], y: f.p[k + 2], angle: f.p[k + 3]});
            }
            for (k = 0; k < f.l.length; k += 5) {
              var link = D.links[f.l[k]];
              state.links.push({name: link.name, style: link.style, ax: f.l[k + 1], ay: f.l[k + 2], bx: f.l[k + 3], by: f.l[k + 4]});
            }
            window.dynState = state;
            if (!playing) stateElement.textContent = JSON.stringify(state);
          }

          function tick(now) {
            if (!playing) return;
            if (lastNow !== null) {
              time += (now - lastNow) / 1000 * speed;
              if (time > t1 + period) time = t0;
            }
            lastNow = now;
            render();
            window.requestAnimationFrame(tick);
          }

          function setPlaying(on) {
            if (on && !playing && time >= t1) time = t0;
            playing = on;
            playButton.textContent = on ? "Pause" : "Play";
            lastNow = null;
            if (on) window.requestAnimationFrame(tick); else render();
          }

          function seek(t) {
            time = Math.min(Math.max(t, t0), Math.max(t1, t0));
            render();
          }

          function step(n) {
            setPlaying(false);
            var i = Math.min(Math.max(frameIndex(time) + n, 0), frames.length - 1);
            seek(frames[i].t);
          }

          // #t=0.5: world time 0.5 s, paused.
          function fromHash() {
            var m = /(?:^#|[#&])t=([-+0-9.eE]+)/.exec(window.location.hash);
            if (!m || !isFinite(parseFloat(m[1]))) return false;
            playing = false;
            playButton.textContent = "Play";
            time = parseFloat(m[1]);
            render();
            return true;
          }

          playButton.addEventListener("click", function () { setPlaying(!playing); });
          scrub.addEventListener("input", function () { setPlaying(false); seek(parseFloat(scrub.value)); });
          speedMenu.addEventListener("change", function () { speed = parseFloat(speedMenu.value) || 1; });
          window.addEventListener("hashchange", fromHash);
          document.addEventListener("keydown", function (e) {
            if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
            if (e.key === " ") { e.preventDefault(); setPlaying(!playing); }
            else if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
            else if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
          });
          if (!fromHash()) { render(); if (frames.length > 1) setPlaying(true); }
        })();

        """#
}

/// Text safe inside HTML elements and attribute values.
func htmlEscaped(_ s: String) -> String {
    var out = ""
    for c in s {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}
