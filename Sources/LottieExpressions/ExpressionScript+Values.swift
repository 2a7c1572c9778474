extension ExpressionScript {
    /// The expression runtime's JavaScript: the vector maths, interpolation, easing, randomness and noise.
    static let values = #"""
// Values: the vector maths, interpolation, easing, randomness and noise After Effects'
// expression language offers, as plain functions of numbers and arrays.
var $oqc = {};
(function (O) {
"use strict";
var degrees = Math.PI / 180;

function isArray(a) { return Array.isArray(a) || (typeof a === "object" && a !== null && ArrayBuffer.isView(a)); }
function isNumber(a) { var t = typeof a; return t === "number" || t === "boolean" || a instanceof Number; }
function plain(a) { return isArray(a) ? Array.prototype.map.call(a, Number) : isNumber(a) ? +a : a; }
O.isArray = isArray; O.isNumber = isNumber; O.plain = plain;

// Component-wise arithmetic as Bodymovin rewrites operators ($bm_sum, ...): an array and a
// number combine in the first component, two arrays component by component (the longer one's
// extra components kept).
function combine(a, b, op) {
    var ta = typeof a, tb = typeof b;
    if (op === "+" && (ta === "string" || tb === "string")) return a + b;
    if (isNumber(a) && isNumber(b)) return apply(+a, +b, op);
    if (isArray(a) && isNumerable(b)) { var r = plain(a); r[0] = apply(r[0], +b, op); return r; }
    if (isNumerable(a) && isArray(b)) { var s = plain(b); s[0] = apply(+a, s[0], op); return s; }
    if (isArray(a) && isArray(b)) {
        var out = [], n = Math.max(a.length, b.length);
        for (var i = 0; i < n; i++) {
            out[i] = i >= a.length ? +b[i] : i >= b.length ? +a[i] : apply(+a[i], +b[i], op);
        }
        return out;
    }
    return 0;
}
// A number, or what lottie-web's arithmetic takes as one: a string is converted (a numeric
// string is its number; any other is NaN).
function isNumerable(a) { return isNumber(a) || typeof a === "string"; }
function apply(x, y, op) { return op === "+" ? x + y : x - y; }
function add(a, b) { return combine(a, b, "+"); }
// Two numbers' difference, strings read as whole numbers (parseInt) as lottie-web reads them.
function sub(a, b) {
    if (isNumerable(a) && isNumerable(b)) {
        return (typeof a === "string" ? parseInt(a, 10) : +a) - (typeof b === "string" ? parseInt(b, 10) : +b);
    }
    return combine(a, b, "-");
}
function scaled(a, b, divide) {
    function op(x, y) { return divide ? x / y : x * y; }
    if (isNumerable(a) && isNumerable(b)) return op(+a, +b);
    if (isArray(a) && isNumerable(b)) return Array.prototype.map.call(a, function (x) { return op(+x, +b); });
    if (isNumerable(a) && isArray(b)) return Array.prototype.map.call(b, function (x) { return op(+a, +x); });
    return 0;
}
function mul(a, b) { return scaled(a, b, false); }
function div(a, b) { return scaled(a, b, true); }
function mod(a, b) {
    if (typeof a === "string") a = parseInt(a, 10);
    if (typeof b === "string") b = parseInt(b, 10);
    return a % b;
}
function neg(a) { return isArray(a) ? Array.prototype.map.call(a, function (x) { return -x; }) : -a; }

function clamp(value, limit1, limit2) {
    if (isArray(value)) {
        return Array.prototype.map.call(value, function (x, i) {
            return clamp(x, isArray(limit1) ? limit1[i] : limit1, isArray(limit2) ? limit2[i] : limit2);
        });
    }
    var low = Math.min(limit1, limit2), high = Math.max(limit1, limit2);
    return Math.min(Math.max(+value, low), high);
}
function length(a, b) {
    if (isNumber(a)) return Math.abs(a - (b === undefined ? 0 : b));
    var total = 0, n = b === undefined ? a.length : Math.min(a.length, b.length);
    for (var i = 0; i < n; i++) { var d = (b === undefined ? 0 : b[i]) - a[i]; total += d * d; }
    return Math.sqrt(total);
}
function normalize(v) { return div(v, length(v)); }
function dot(a, b) {
    var total = 0;
    for (var i = 0; i < Math.min(a.length, b.length); i++) total += a[i] * b[i];
    return total;
}
function cross(a, b) {
    var a2 = a[2] || 0, b2 = b[2] || 0;
    return [a[1] * b2 - a2 * b[1], a2 * b[0] - a[0] * b2, a[0] * b[1] - a[1] * b[0]];
}
// The orientation that points a layer at `at` from `from` (After Effects' lookAt).
function lookAt(from, at) {
    var v = [at[0] - from[0], at[1] - from[1], (at[2] || 0) - (from[2] || 0)];
    var pitch = Math.atan2(v[0], Math.sqrt(v[1] * v[1] + v[2] * v[2])) / degrees;
    var yaw = -Math.atan2(v[1], v[2]) / degrees;
    return [yaw, pitch, 0];
}
function degreesToRadians(d) { return d * degrees; }
function radiansToDegrees(r) { return r / degrees; }

function rgbToHsl(c) {
    var r = c[0], g = c[1], b = c[2], max = Math.max(r, g, b), min = Math.min(r, g, b);
    var h = 0, s = 0, l = (max + min) / 2;
    if (max !== min) {
        var d = max - min;
        s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
        h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
        h /= 6;
    }
    return [h, s, l, c[3] === undefined ? 1 : c[3]];
}
function hueChannel(p, q, t) {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
}
function hslToRgb(c) {
    var h = c[0], s = c[1], l = c[2], a = c[3] === undefined ? 1 : c[3];
    if (s === 0) return [l, l, l, a];
    var q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
    return [hueChannel(p, q, h + 1 / 3), hueChannel(p, q, h), hueChannel(p, q, h - 1 / 3), a];
}
function hexToRgb(hex) {
    var s = String(hex).replace(/^#|^0x/i, "");
    if (s.length === 3) s = s.replace(/./g, "$&$&");
    var n = parseInt(s, 16), alpha = s.length === 8;
    var v = [(n >>> (alpha ? 24 : 16)) & 255, (n >>> (alpha ? 16 : 8)) & 255, (n >>> (alpha ? 8 : 0)) & 255];
    return [v[0] / 255, v[1] / 255, v[2] / 255, alpha ? (n & 255) / 255 : 1];
}

// A cubic Bézier easing curve through (0,0), (x1,y1), (x2,y2), (1,1): y for x.
function bezierEasing(x1, y1, x2, y2) {
    if (x1 === y1 && x2 === y2) return function (x) { return x; };
    x1 = Math.min(Math.max(x1, 0), 1);
    x2 = Math.min(Math.max(x2, 0), 1);
    function at(t, p1, p2) { return ((1 - 3 * p2 + 3 * p1) * t + (3 * p2 - 6 * p1)) * t * t + 3 * p1 * t; }
    function slope(t, p1, p2) { return 3 * (1 - 3 * p2 + 3 * p1) * t * t + 2 * (3 * p2 - 6 * p1) * t + 3 * p1; }
    return function (x) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        var t = x;
        for (var i = 0; i < 8; i++) {
            var error = at(t, x1, x2) - x, d = slope(t, x1, x2);
            if (Math.abs(error) < 1e-9) return at(t, y1, y2);
            if (Math.abs(d) < 1e-9) break;
            t -= error / d;
        }
        var low = 0, high = 1;
        t = x;
        for (var j = 0; j < 60; j++) {
            var value = at(t, x1, x2);
            if (Math.abs(value - x) < 1e-12) break;
            if (value < x) low = t; else high = t;
            t = (low + high) / 2;
        }
        return at(t, y1, y2);
    };
}
O.bezierEasing = bezierEasing;

function mix(a, b, f) {
    if (isArray(a)) return Array.prototype.map.call(a, function (x, i) { return x + (b[i] - x) * f; });
    return +a + (b - a) * f;
}
// linear(t, tMin, tMax, value1, value2) and linear(t, value1, value2) (t from 0 to 1).
function interpolator(curve) {
    return function (t, tMin, tMax, value1, value2) {
        if (value1 === undefined) { value1 = tMin; value2 = tMax; tMin = 0; tMax = 1; }
        if (tMax < tMin) { var swap = tMin; tMin = tMax; tMax = swap; var v = value1; value1 = value2; value2 = v; }
        if (t <= tMin) return plain(value1);
        if (t >= tMax) return plain(value2);
        return mix(plain(value1), plain(value2), curve((t - tMin) / (tMax - tMin)));
    };
}
var linear = interpolator(function (f) { return f; });
var ease = interpolator(bezierEasing(0.33, 0, 0.667, 1));
var easeIn = interpolator(bezierEasing(0.333, 0, 0.833, 0.833));
var easeOut = interpolator(bezierEasing(0.167, 0.167, 0.667, 1));

// Random numbers: a 32-bit generator (mulberry32) seeded from the property, the seed
// seedRandom gives and, unless timeless, the frame: the same frame always gives the same values.
// The hash is FNV-1a over each argument's characters, each argument sealed by one more step;
// a state part-way through (`fold`, `sealed`) lets a seed be hashed once and its frames or
// gradients after it.
var basis = 2166136261 | 0;
function fold(h, s) {
    s = String(s);
    for (var j = 0; j < s.length; j++) { h ^= s.charCodeAt(j); h = Math.imul(h, 16777619); }
    return h;
}
function sealed(h) { return Math.imul(h ^ 0x2f, 16777619); }
function hash() {
    var h = basis;
    for (var i = 0; i < arguments.length; i++) h = sealed(fold(h, arguments[i]));
    return h >>> 0;
}
// hash(name, more...) from `state`, the sealed state after `name` (O.hashState(name)).
function hashAfter(state) {
    for (var i = 1; i < arguments.length; i++) state = sealed(fold(state, arguments[i]));
    return state >>> 0;
}
O.hashState = function (name) { return sealed(fold(basis, name)); };
O.hashAfter = hashAfter;
function Generator(seed) { this.state = seed >>> 0; }
Generator.prototype.next = function () {
    var t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
O.hash = hash;
O.generator = new Generator(1);
Math.random = function () { return O.generator.next(); };

function randomBetween(min, max, draw) {
    if (max === undefined) { if (min === undefined) { min = 0; max = 1; } else { max = min; min = 0; } }
    if (isArray(max)) {
        return Array.prototype.map.call(max, function (m, i) {
            var low = isArray(min) ? min[i] : 0;
            return low + draw() * (m - low);
        });
    }
    return +min + draw() * (max - min);
}
function random(min, max) { return randomBetween(min, max, function () { return O.generator.next(); }); }
// About 90 % of the values fall between min and max (After Effects' gaussRandom).
function gaussRandom(min, max) {
    return randomBetween(min, max, function () {
        var u = Math.max(O.generator.next(), 1e-12), v = O.generator.next();
        return 0.5 + Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) * (0.5 / 1.645);
    });
}

// Smooth noise from -1 to 1: gradients at whole numbers from the seed, blended with
// Perlin's quintic curve.
// `seed` is the sealed hash state of the noise's name: each gradient hashes only its index,
// once.
var gradients = new Map();
function gradient(seed, i) {
    var known = gradients.get(seed);
    if (known === undefined) gradients.set(seed, known = {});
    var g = known[i];
    return g !== undefined ? g : (known[i] = ((sealed(fold(seed, i)) >>> 0) / 4294967296) * 2 - 1);
}
function noise1(seed, x) {
    var i = Math.floor(x), f = x - i, fade = f * f * f * (f * (f * 6 - 15) + 10);
    var a = gradient(seed, i) * f, b = gradient(seed, i + 1) * (f - 1);
    return Math.max(-1, Math.min(1, 2 * (a + (b - a) * fade)));
}
function noise(value) {
    if (isArray(value)) {
        var total = 0;
        for (var i = 0; i < value.length; i++) total += noise1(O.hashState("noise" + i), value[i]);
        return Math.max(-1, Math.min(1, total / Math.sqrt(value.length)));
    }
    return noise1(noiseSeed, +value);
}
var noiseSeed = O.hashState("noise");
// Octaves of noise, the amplitude of each `amplitudeMultiplier` times the one before, scaled
// so that the sum stays between -1 and 1. `name` is the unsealed hash state of the noise's
// name (O.noiseName); octave k is the noise named name + "/" + k.
function fractalNoise(name, x, octaves, amplitudeMultiplier) {
    var total = 0, weight = 1, weights = 0, count = Math.max(1, Math.floor(octaves)), octave = fold(name, "/");
    for (var k = 0; k < count; k++) {
        total += weight * noise1(sealed(fold(octave, k)), x * Math.pow(2, k));
        weights += weight;
        weight *= amplitudeMultiplier;
    }
    return total / weights;
}
O.fractalNoise = fractalNoise;
O.noiseName = function (name) { return fold(basis, name); };

O.library = {
    add: add, sum: add, sub: sub, mul: mul, div: div, $bm_sum: add, $bm_sub: sub, $bm_mul: mul, $bm_div: div,
    $bm_mod: mod, $bm_neg: neg, clamp: clamp, length: length, normalize: normalize, dot: dot, cross: cross,
    lookAt: lookAt, degreesToRadians: degreesToRadians, radiansToDegrees: radiansToDegrees,
    degrees_to_radians: degreesToRadians, radians_to_degrees: radiansToDegrees, rgbToHsl: rgbToHsl,
    hslToRgb: hslToRgb, hexToRgb: hexToRgb, linear: linear, ease: ease, easeIn: easeIn, easeOut: easeOut,
    random: random, gaussRandom: gaussRandom, noise: noise, colorDepth: 8
};
})($oqc);
"""#
}
