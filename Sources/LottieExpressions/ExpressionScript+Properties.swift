extension ExpressionScript {
    /// The expression runtime's JavaScript: properties, their keyframes, loops and the interface expressions see of them.
    static let properties = #"""
// Properties: a Lottie property ({a, k, x}) read into keyframes, its value at any frame, the
// interface expressions see (value, valueAtTime, key, loopOut, wiggle, ...), and its expression.
(function (O) {
"use strict";
var L = O.library, isArray = O.isArray, plain = O.plain;

function isPath(v) { return v !== null && typeof v === "object" && !isArray(v) && isArray(v.v); }
function copyPath(p) {
    return { i: p.i.map(plain), o: p.o.map(plain), v: p.v.map(plain), c: !!p.c };
}
function pathMix(a, b, f) {
    if (a.v.length !== b.v.length) return copyPath(f < 1 ? a : b);
    function points(x, y) { return x.map(function (p, i) { return [p[0] + (y[i][0] - p[0]) * f, p[1] + (y[i][1] - p[1]) * f]; }); }
    return { i: points(a.i, b.i), o: points(a.o, b.o), v: points(a.v, b.v), c: a.c };
}

// `data` is the property's JSON object; `kind` "number" (one dimension), "vector", "path" or "text".
function Property(data, path, layer) {
    this.data = data;
    this.path = path;
    this.layer = layer;
    this.code = typeof data.x === "string" ? data.x : null;
    var k = data.k;
    this.keyframes = isArray(k) && k.length > 0 && k[0] !== null && typeof k[0] === "object" && "t" in k[0] ? k : null;
    var sample = this.keyframes ? first(this.keyframes) : k;
    if (this.keyframes && this.keyframes.length === 1) { this.constant = unwrap(sample); this.keyframes = null; }
    else if (!this.keyframes) this.constant = unwrap(k);
    var shape = unwrap(sample);
    this.kind = shape !== null && typeof shape === "object" && !isArray(shape)
        ? (isPath(shape) ? "path" : "text")
        : isArray(shape) && shape.length !== 1 ? "vector" : "number";
    this.dimensions = isArray(shape) ? shape.length : 1;
    this.failed = null;
    this.memoTime = NaN;
    this.memoValue = null;
    this.evaluating = false;
    this.seed = undefined;
    this.noiseNames = null;
}
function first(keyframes) {
    for (var i = 0; i < keyframes.length; i++) if (keyframes[i].s !== undefined) return keyframes[i].s;
    return keyframes[0].e;
}
// A keyframe's value as expressions see it: one-element arrays as their element (a number, a
// path, a text document), paths copied.
function unwrap(v) {
    if (isArray(v) && v.length === 1) v = v[0];
    if (isPath(v)) return copyPath(v);
    if (isArray(v)) return plain(v);
    if (v !== null && typeof v === "object") return v;
    return +v;
}
Property.unwrap = unwrap;
Property.isPath = isPath;
Property.copyPath = copyPath;

// The frame of the property's own keyframes at `time` seconds of its composition. Bodymovin
// writes a layer's keyframes at its composition's frames, whatever the layer's start time and
// stretch (lottie-web's `st` cancels out: it takes it from both the frame and the key times).
Property.prototype.localFrame = function (time) {
    return time * O.frameRate;
};
Property.prototype.timeOfLocalFrame = function (frame) {
    return frame / O.frameRate;
};

// The keyframes' value at a frame of the property's own: before the expression.
Property.prototype.raw = function (frame) {
    if (!this.keyframes) return this.copy(this.constant);
    var kf = this.keyframes, n = kf.length;
    if (frame <= kf[0].t) return this.copy(unwrap(kf[0].s !== undefined ? kf[0].s : kf[0].e));
    var low = 0, high = n - 1;
    if (frame >= kf[n - 1].t) {
        var last = kf[n - 1];
        return this.copy(unwrap(last.s !== undefined ? last.s : kf[n - 2].e !== undefined ? kf[n - 2].e : kf[n - 2].s));
    }
    while (high - low > 1) { var mid = (low + high) >> 1; if (kf[mid].t <= frame) low = mid; else high = mid; }
    var from = kf[low], to = kf[low + 1];
    var start = unwrap(from.s !== undefined ? from.s : kf[low - 1] && kf[low - 1].e);
    if (from.h === 1 || from.h === true) return this.copy(start);
    var end = unwrap(from.e !== undefined ? from.e : to.s !== undefined ? to.s : start);
    var progress = (frame - from.t) / (to.t - from.t);
    if (this.kind === "text") return start;
    if (this.kind === "path") return pathMix(start, end, this.eased(from, 0, progress));
    if (this.kind === "number") return start + (end - start) * this.eased(from, 0, progress);
    if (from.to && from.ti && (nonzero(from.to) || nonzero(from.ti)) && start.length >= 2) {
        return spatial(start, end, from.to, from.ti, this.eased(from, 0, progress));
    }
    var self = this;
    return start.map(function (s, d) { return s + ((end[d] === undefined ? s : end[d]) - s) * self.eased(from, d, progress); });
};
function nonzero(v) { for (var i = 0; i < v.length; i++) if (v[i] !== 0) return true; return false; }
function component(v, d) { return isArray(v) ? (v[d] !== undefined ? v[d] : v[0]) : v; }
Property.prototype.eased = function (from, d, progress) {
    if (!from.o || !from.i) return progress;
    if (!from.$easing) Object.defineProperty(from, "$easing", { value: [], enumerable: false });
    var cache = from.$easing;
    var curve = cache[d];
    if (!curve) {
        curve = cache[d] = O.bezierEasing(
            +component(from.o.x, d), +component(from.o.y, d), +component(from.i.x, d), +component(from.i.y, d));
    }
    return curve(progress);
};
// A point `f` of the way along the curve from `a` to `b` (tangents `out` and `into`), by length.
function spatial(a, b, out, into, f) {
    var steps = 64, lengths = [0], points = [a.slice()], dims = a.length;
    for (var s = 1; s <= steps; s++) {
        var t = s / steps, u = 1 - t, p = [];
        for (var d = 0; d < dims; d++) {
            var c1 = a[d] + (out[d] || 0), c2 = b[d] + (into[d] || 0);
            p[d] = u * u * u * a[d] + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * b[d];
        }
        points.push(p);
        lengths.push(lengths[s - 1] + L.length(points[s - 1], p));
    }
    var target = f * lengths[steps];
    if (f <= 0) return a.slice();
    if (f >= 1) return b.slice();
    for (var i = 1; i <= steps; i++) {
        if (lengths[i] >= target) {
            var span = lengths[i] - lengths[i - 1], g = span > 0 ? (target - lengths[i - 1]) / span : 0;
            return points[i - 1].map(function (x, d) { return x + (points[i][d] - x) * g; });
        }
    }
    return b.slice();
}
Property.prototype.copy = function (v) {
    if (this.kind === "path") return copyPath(v);
    if (this.kind === "vector") return plain(v);
    if (this.kind === "text") return v;
    return isArray(v) ? +v[0] : +v;
};

// The value at `time` seconds of the property's composition, after its expression.
Property.prototype.valueAt = function (time) {
    if (!this.code || this.failed || this.evaluating) return this.raw(this.localFrame(time));
    if (this.memoTime === time) return this.copy(this.memoValue);
    var value = O.evaluate(this, time);
    this.memoTime = time;
    this.memoValue = value;
    return this.copy(value);
};
Property.prototype.velocityAt = function (time, before) {
    var h = 0.001, self = this;
    function at(t) { return before ? self.raw(self.localFrame(t)) : self.valueAt(t); }
    var a = at(time - h), b = at(time + h);
    if (this.kind === "number") return (b - a) / (2 * h);
    if (this.kind !== "vector") return 0;
    return a.map(function (x, d) { return (b[d] - x) / (2 * h); });
};

// ---------------------------------------------------------------------------------------------
// Keys and loops.

Property.prototype.numKeys = function () { return this.keyframes ? this.keyframes.length : 0; };
Property.prototype.key = function (index) {
    if (typeof index === "string") throw new Error("a property's keys are numbered from 1; \"" + index + "\" names none");
    var kf = this.keyframes;
    if (!kf || index < 1 || index > kf.length) throw new Error("the property has no keyframe " + index);
    var k = kf[index - 1], value = unwrap(k.s !== undefined ? k.s : kf[index - 2].e);
    var key = isArray(value) ? value.slice() : this.kind === "number" ? new Number(value) : {};
    key.value = value;
    key.time = this.timeOfLocalFrame(k.t);
    key.index = index;
    return key;
};
Property.prototype.nearestKey = function (time) {
    var kf = this.keyframes;
    if (!kf) throw new Error("the property has no keyframes");
    var frame = this.localFrame(time), best = 0;
    for (var i = 1; i < kf.length; i++) if (Math.abs(kf[i].t - frame) < Math.abs(kf[best].t - frame)) best = i;
    return this.key(best + 1);
};

// loopOut(type, numKeyframes) and loopIn: the keyframed part (the last `numKeyframes + 1`
// keyframes, all when 0, or the last `duration` seconds) repeated after the last keyframe
// (before the first): cycle, pingpong, offset (each repeat from where the last ended) or
// continue (on at the last keyframe's velocity).
Property.prototype.loop = function (out, time, type, amount, isDuration) {
    var kf = this.keyframes, frame = this.localFrame(time), self = this;
    type = String(type === undefined ? "cycle" : type).toLowerCase();
    if (!kf || kf.length < 2) return this.raw(frame);
    var firstFrame = kf[0].t, lastFrame = kf[kf.length - 1].t;
    if (out ? frame <= lastFrame : frame >= firstFrame) return this.raw(frame);
    var count = Math.floor(+amount || 0);
    if (isDuration && amount) {
        if (out) firstFrame = Math.max(firstFrame, lastFrame - amount * O.frameRate);
        else lastFrame = Math.min(lastFrame, firstFrame + amount * O.frameRate);
    } else if (count > 0 && count < kf.length - 1) {
        if (out) firstFrame = kf[kf.length - 1 - count].t; else lastFrame = kf[count].t;
    }
    var span = lastFrame - firstFrame;
    if (span <= 0) return this.raw(frame);
    function raw(f) { return self.raw(f); }
    if (type === "continue") {
        var edge = out ? lastFrame : firstFrame, step = out ? -0.001 : 0.001;
        var here = raw(edge), near = raw(edge + step), distance = (frame - edge) / step;
        return this.kind === "number" ? here + (here - near) * -distance
            : this.kind === "vector" ? here.map(function (x, d) { return x + (x - near[d]) * -distance; }) : here;
    }
    var elapsed = out ? frame - lastFrame : firstFrame - frame;
    var cycles = Math.floor(elapsed / span), within = elapsed - cycles * span;
    if (type === "pingpong") {
        var mirrored = cycles % 2 === 0;
        return raw(out === mirrored ? lastFrame - within : firstFrame + within);
    }
    var value = raw(out ? firstFrame + within : lastFrame - within);
    if (type !== "offset") return value;
    var change = L.mul(L.sub(raw(lastFrame), raw(firstFrame)), cycles + 1);
    return out ? L.add(value, change) : L.sub(value, change);
};

// ---------------------------------------------------------------------------------------------
// What expressions see of a property: its value at the time being evaluated (a Number or an
// array) carrying the property's methods, from a prototype shared by all (the value object
// holds the property, the time and whether it is the value before the expression).

function exposedMethods(base) {
    var methods = Object.create(base);
    function define(name, get) { Object.defineProperty(methods, name, { get: get }); }
    function value(p, t, before) { return before ? p.raw(p.localFrame(t)) : p.valueAt(t); }
    methods.valueAtTime = function (t) {
        var p = this.$p, v = value(p, t, this.$before);
        return p.kind === "path" ? O.pathInterface(v, p) : p.kind === "text" ? String(v.t) : v;
    };
    methods.velocityAtTime = function (t) { return this.$p.velocityAt(t, this.$before); };
    methods.speedAtTime = function (t) { return L.length(this.$p.velocityAt(t, this.$before)); };
    methods.key = function (i) { return this.$p.key(i); };
    methods.nearestKey = function (t) { return this.$p.nearestKey(t); };
    methods.loopOut = function (type, n) { return this.$p.loop(true, O.now, type, n, false); };
    methods.loopIn = function (type, n) { return this.$p.loop(false, O.now, type, n, false); };
    methods.loopOutDuration = function (type, d) { return this.$p.loop(true, O.now, type, d, true); };
    methods.loopInDuration = function (type, d) { return this.$p.loop(false, O.now, type, d, true); };
    methods.wiggle = function (f, a, o, m, t) { return this.$p.wiggle(f, a, o, m, t, this.$before); };
    methods.temporalWiggle = function (f, a, o, m, t) { return this.$p.temporalWiggle(f, a, o, m, t); };
    methods.smooth = function (w, n, t) { return this.$p.smooth(w, n, t, this.$before); };
    define("value", function () { return this.$p.kind === "text" ? String(this) : isArray(this) ? plain(this) : +this; });
    define("propertyValue", function () { return this.value; });
    // Worked out only when asked for: each costs two more evaluations.
    define("velocity", function () {
        var p = this.$p;
        return p.kind === "vector" || p.kind === "number" ? p.velocityAt(this.$t, this.$before) : 0;
    });
    define("speed", function () { return L.length(this.velocity); });
    define("numKeys", function () { return this.$p.numKeys(); });
    define("name", function () { return this.$p.data.nm || ""; });
    define("propertyIndex", function () { return this.$p.data.ix; });
    methods.propertyGroup = function (n) { return this.$p.group(n === undefined ? 1 : n); };
    return methods;
}
var exposedNumber = exposedMethods(Number.prototype);
var exposedArray = exposedMethods(Array.prototype);
var exposedString = exposedMethods(String.prototype);

// The groups around the property, as lottie-web's `propertyGroup(n)` climbs them: its shape
// item (not for fills and gradient fills), the contents holding it, their group, the contents
// holding that group, ... the layer's contents, then the layer itself however far up; for a
// group's transform, the transform then its group. A layer's own transform has none.
Property.prototype.group = function (n) {
    var chain = this.chain || (this.chain = this.layer.groupsAround(this.path));
    if (!chain) throw new Error("propertyGroup is not defined for this property (" + this.path + ")");
    if (n <= 0) return this.expose(false);
    return chain[Math.min(n, chain.length) - 1];
};

Property.prototype.expose = function (before) {
    var time = O.now, value = before ? this.raw(this.localFrame(time)) : this.valueAt(time);
    if (this.kind === "path") return O.pathInterface(value, this, before);
    var shown = this.kind === "text" ? new String(value.t) : isArray(value) ? value : new Number(value);
    Object.setPrototypeOf(shown, this.kind === "text" ? exposedString : isArray(value) ? exposedArray : exposedNumber);
    shown.$p = this;
    shown.$t = time;
    shown.$before = before;
    return shown;
};

// wiggle(freq, amp, octaves = 1, amp_mult = 0.5, t = time): the value shaken by smooth noise,
// `freq` times a second, by up to `amp`, each dimension on its own.
Property.prototype.wiggle = function (freq, amp, octaves, multiplier, t, before) {
    var time = t === undefined ? O.now : t, self = this;
    var value = before ? this.raw(this.localFrame(time)) : this.valueAt(time);
    if (octaves === undefined) octaves = 1;
    if (multiplier === undefined) multiplier = 0.5;
    function noise(d) { return O.fractalNoise(self.noiseName(d), time * freq, octaves, multiplier); }
    if (this.kind === "number") return value + amp * noise(0);
    if (this.kind !== "vector") return value;
    return value.map(function (x, d) { return x + noise(d) * (isArray(amp) ? amp[d] : amp); });
};
// The hash state of the name of the property's noise for `d` (a dimension, or "time"), kept.
Property.prototype.noiseName = function (d) {
    var names = this.noiseNames || (this.noiseNames = {});
    return d in names ? names[d] : (names[d] = O.noiseName(this.path + "#" + d));
};
Property.prototype.temporalWiggle = function (freq, amp, octaves, multiplier, t) {
    var time = t === undefined ? O.now : t;
    var shifted = time + amp * O.fractalNoise(this.noiseName("time"), time * freq, octaves || 1, multiplier || 0.5);
    return this.raw(this.localFrame(shifted));
};
Property.prototype.smooth = function (width, samples, t, before) {
    var time = t === undefined ? O.now : t, self = this;
    if (width === undefined) width = 0.2;
    if (samples === undefined) samples = 5;
    samples = Math.max(1, Math.floor(samples));
    var total = null;
    for (var i = 0; i < samples; i++) {
        var at = samples === 1 ? time : time - width / 2 + (width * i) / (samples - 1);
        var v = before ? self.raw(self.localFrame(at)) : self.valueAt(at);
        total = total === null ? v : L.add(total, v);
    }
    return L.div(total, samples);
};

O.Property = Property;
})($oqc);
"""#
}
