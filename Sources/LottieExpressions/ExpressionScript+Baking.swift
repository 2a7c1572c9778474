extension ExpressionScript {
    /// The expression runtime's JavaScript: evaluation, the expressions' scope, and baking into keyframes.
    static let baking = #"""
// Evaluation and baking: each expression compiled once into a function of its scope, run at
// the frames its composition is shown at, and its values written back as keyframes.
(function (O) {
"use strict";
var L = O.library, isArray = O.isArray, plain = O.plain, Property = O.Property;

// The names `code` uses, other than as a member (after a dot): one pass over its words.
function namesIn(code) {
    var names = Object.create(null), word = /(\.\s*)?([A-Za-z_$][\w$]*)/g, match;
    while ((match = word.exec(code)) !== null) if (!match[1]) names[match[2]] = true;
    return names;
}

function reseed(property, offset, timeless, time) {
    if (property.seed === undefined) property.seed = O.hashState(property.path);
    O.generator.state = O.hashAfter(property.seed, offset || 0, timeless ? "" : Math.round(time * O.frameRate * 1000));
}

// The names every expression of `layer` can use: the library, and the layer's and
// composition's interfaces. Made once per layer; each property's scope inherits it.
function layerScope(layer) {
    if (layer.names) return layer.names;
    var face = layer.face(), S = layer.names = Object.create(null);
    Object.keys(L).forEach(function (name) { S[name] = L[name]; });
    function lazy(name, get) { Object.defineProperty(S, name, { get: get, enumerable: true }); }
    S.thisLayer = face;
    lazy("thisComp", function () { return layer.comp.face(); });
    S.comp = function (name) { return O.composition(name).face(); };
    S.transform = S.$bm_transform = face.transform;
    S.content = face.content;
    S.effect = face.effect;
    S.mask = face.mask;
    S.text = face.text;
    S.marker = face.marker;
    ["anchorPoint", "position", "scale", "rotation", "opacity", "timeRemap", "source"].forEach(function (name) {
        lazy(name, function () { return face[name]; });
    });
    ["name", "index", "inPoint", "outPoint", "startTime", "hasParent", "width", "height", "active", "enabled", "audioLevels",
        "toComp", "fromComp", "toWorld", "fromWorld", "fromCompToSurface", "toCompVec", "fromCompVec", "toWorldVec",
        "fromWorldVec", "sourceRectAtTime"].forEach(function (name) { S[name] = face[name]; });
    // A layer without a parent has none (null, as lottie-web's has nothing there): the names an
    // expression uses are read before it runs, so `parent` behind `if (hasParent)` or in a
    // `try` must not throw on being read.
    lazy("parent", function () { return face.hasParent ? face.parent : null; });
    S.createPath = L.createPath;
    return S;
}

// The names an expression of `property` can use, besides time and value: its layer's, and the
// property's own methods.
function scope(property) {
    var S = Object.create(layerScope(property.layer));
    Object.defineProperty(S, "thisProperty", { get: function () { return property.expose(true); } });
    S.numKeys = property.numKeys();
    S.key = function (i) { return property.key(i); };
    S.nearestKey = function (t) { return property.nearestKey(t); };
    S.loopOut = S.loop_out = function (type, n) { return property.loop(true, O.now, type, n, false); };
    S.loopIn = S.loop_in = function (type, n) { return property.loop(false, O.now, type, n, false); };
    S.loopOutDuration = function (type, d) { return property.loop(true, O.now, type, d, true); };
    S.loopInDuration = function (type, d) { return property.loop(false, O.now, type, d, true); };
    S.valueAtTime = function (t) { return property.raw(property.localFrame(t)); };
    S.velocityAtTime = function (t) { return property.velocityAt(t, true); };
    S.speedAtTime = function (t) { return L.length(property.velocityAt(t, true)); };
    S.wiggle = function (f, a, o, m, t) { return property.wiggle(f, a, o, m, t, true); };
    S.temporalWiggle = function (f, a, o, m, t) { return property.temporalWiggle(f, a, o, m, t); };
    S.smooth = function (w, n, t) { return property.smooth(w, n, t, true); };
    S.seedRandom = function (offset, timeless) { reseed(property, offset, timeless, O.now); };
    S.framesToTime = function (frames, fps) { return frames / (fps || O.frameRate); };
    S.timeToFrames = function (t, fps) { return (t === undefined ? O.now : t) * (fps || O.frameRate); };
    S.$now = function (t) { O.now = t; };
    S.$value = function (t) { return shown(property, property.raw(property.localFrame(t))); };
    return S;
}
// The value of `property` as an expression's `value` sees it.
function shown(property, value) {
    if (property.kind === "path") return O.pathInterface(value, property);
    if (property.kind === "text") return String(value.t);
    return value;
}

function compile(property) {
    var S = scope(property), code = property.code, used = namesIn(code);
    var names = Object.keys(used).filter(function (name) {
        return (name.charAt(0) !== "$" || name.indexOf("$bm_") === 0) && name in S
            && name !== "time" && name !== "value" && name !== "velocity";
    });
    property.needsVelocity = !!used.velocity;
    property.needsRandom = /random|wiggle/i.test(code);
    S.$code = code;
    var body = (names.length ? "var " + names.map(function (n) { return n + "=S[\"" + n + "\"]"; }).join(",") + ";\n" : "")
        + "var time=S.time,value=S.value,velocity=S.velocity;\n"
        + (used.posterizeTime ? "function posterizeTime(f){time=f===0?0:Math.floor(time*f)/f;S.$now(time);value=S.$value(time);}\n" : "")
        + (code.indexOf("$bm_rt") >= 0 ? "var $bm_rt;\n" + code + "\n;return $bm_rt;" : "return eval(S.$code);");
    property.run = new Function("S", body);
    property.scope = S;
}

function message(error) {
    if (error && error.name && error.message !== undefined) return error.name + ": " + error.message;
    return String(error);
}

// The value of the expression of `property` at `time`: its keyframes' value where it throws
// (noted once) or gives something that is not a number.
O.evaluate = function (property, time) {
    var saved = O.now, before = property.raw(property.localFrame(time)), result;
    O.now = time;
    property.evaluating = true;
    O.stack.push(property);
    try {
        if (!property.run) compile(property);
        var S = property.scope;
        S.time = time;
        S.value = shown(property, before);
        S.velocity = property.needsVelocity ? property.velocityAt(time, true) : 0;
        if (property.needsRandom) reseed(property, 0, false, time);
        result = conformed(property, property.run(S), before);
    } catch (error) {
        property.failed = "throws " + message(error);
        result = before;
    } finally {
        property.evaluating = false;
        O.stack.pop();
        O.now = saved;
    }
    if (result === null) {
        if (property.unusable === undefined) property.unusable = Math.round(time * O.frameRate * 1000) / 1000;
        result = before;
    }
    return result;
};

// The expression's result as a value of the property's kind; null for one that is not a number.
function conformed(property, result, before) {
    if (result === undefined) throw new Error("the expression gives no value");
    if (property.kind === "text") {
        var document = {};
        Object.keys(before).forEach(function (k) { document[k] = before[k]; });
        document.t = String(result);
        return document;
    }
    if (property.kind === "path") {
        if (!result || !isArray(result.v)) throw new Error("the expression's result is not a path");
        return Property.copyPath({ v: result.v, i: result.i || [], o: result.o || [], c: result.c });
    }
    if (property.kind === "number") {
        var n = isArray(result) ? +result[0] : +result;
        return isFinite(n) ? n : null;
    }
    var out = [], many = isArray(result);
    for (var d = 0; d < property.dimensions; d++) {
        out[d] = many ? (d < result.length ? +result[d] : before[d]) : +result;
        if (!isFinite(out[d])) return null;
    }
    return out;
}

O.composition = function (name) {
    var found = O.compositions.filter(function (c) { return c.name === String(name); })[0];
    // Bodymovin leaves the main composition's name out of many files whose expressions name it.
    if (!found && !O.root.name) found = O.root;
    if (!found) throw new Error("the file has no composition \"" + name + "\"");
    return found;
};

// ---------------------------------------------------------------------------------------------
// Loading and baking, driven from Swift one call at a time (so that a runaway expression stops
// alone, within the time limit).

// Reads the document and finds its expressions; answers how many there are.
O.load = function (text) {
    var document = O.document = JSON.parse(text);
    O.frameRate = +document.fr || 30;
    O.now = 0;
    O.stack = [];
    O.assetData = {};
    O.assets = {};
    (document.assets || []).forEach(function (a) { if (a && a.id !== undefined) O.assetData[a.id] = a; });
    O.root = new O.Composition(document, document.nm || "", document.layers || [], "layers");
    O.compositions = [O.root];
    (document.assets || []).forEach(function (a, j) {
        if (!a || !isArray(a.layers)) return;
        var c = new O.Composition(a, a.nm || String(a.id), a.layers, "assets[" + j + "].layers");
        O.assets[a.id] = c;
        O.compositions.push(c);
    });
    O.markers = O.markerGroup(document.markers || []);
    O.properties = [];
    O.compositions.forEach(function (c) {
        c.layers.forEach(function (layer) { find(layer.data, layer.path, layer); });
    });
    var first = Math.floor(+document.ip || 0), last = Math.ceil(+document.op || 0), frames = [];
    for (var f = first; f <= last; f++) frames.push(f);
    O.shown(O.root, frames, 0);
    O.properties.forEach(function (property) {
        var layer = property.layer, low = (+layer.data.ip || 0) - 1, high = (+layer.data.op || 0) + 1;
        property.frames = Object.keys(layer.comp.frames).map(Number)
            .filter(function (f) { return f >= low && f <= high; }).sort(function (a, b) { return a - b; });
        property.samples = [];
    });
    return O.properties.length;
};
function find(value, path, layer) {
    if (value === null || typeof value !== "object") return;
    if (isArray(value)) { value.forEach(function (v, i) { find(v, path + "[" + i + "]", layer); }); return; }
    Object.keys(value).forEach(function (key) {
        var child = value[key];
        if (child && typeof child === "object" && !isArray(child) && typeof child.x === "string" && "k" in child) {
            O.properties.push(layer.property(value, key, path + "." + key, 0));
        } else {
            find(child, path + "." + key, layer);
        }
    });
}
// Notes the frames of `comp` that are drawn (`frames`), and those of the precompositions its
// layers show then.
O.shown = function (comp, frames, depth) {
    frames.forEach(function (f) { comp.frames[f] = true; });
    if (depth > 64 || Object.keys(comp.frames).length > 100000) return;
    comp.layers.forEach(function (layer) {
        var data = layer.data, child = data.ty === 0 ? O.assets[data.refId] : null;
        if (!child || child === comp) return;
        var remap = data.tm ? layer.property(data, "tm", layer.path + ".tm", 0) : null, inner = {};
        frames.forEach(function (f) {
            if (f < (+data.ip || 0) - 1 || f > (+data.op || 0) + 1) return;
            var local = (f - layer.startFrame) / layer.stretch;
            var g = remap ? remap.raw(local) * O.frameRate : local;
            inner[Math.round(g * 1e6) / 1e6] = true;
        });
        O.shown(child, Object.keys(inner).map(Number), depth + 1);
    });
};

O.paths = function () { return JSON.stringify(O.properties.map(function (p) { return p.path; })); };

// Evaluates expression `index` at up to `count` of its frames from `start`; answers the next
// start, or -1 when its frames are done.
O.bake = function (index, start, count) {
    var property = O.properties[index], frames = property.frames, end = Math.min(frames.length, start + count);
    for (var j = start; j < end; j++) property.samples[j] = property.valueAt(frames[j] / O.frameRate);
    return end < frames.length ? end : -1;
};

// After a run past the time limit: the expression that was running (the innermost), now
// failed; evaluation can go on.
O.interrupted = function (index, reason) {
    var culprit = O.stack.length ? O.stack[O.stack.length - 1] : O.properties[index];
    O.stack.forEach(function (p) { p.evaluating = false; p.memoTime = NaN; });
    O.stack = [];
    culprit.failed = reason;
    culprit.samples = [];
    return culprit.path;
};

// Past the file's time for all its expressions: expression `index` and those after it that
// are not done keep their keyframes.
O.giveUp = function (index, reason) {
    O.properties.slice(index).forEach(function (p) {
        if (!p.failed) { p.failed = reason; p.samples = []; }
    });
};

// The problems found: [{path, message}].
O.problems = function () {
    var found = [];
    O.properties.forEach(function (p) {
        if (p.failed) found.push({ path: p.path + ".x", message: "the expression " + p.failed + "; the keyframes are played" });
        else if (p.unusable !== undefined) {
            found.push({ path: p.path + ".x", message: "the expression gives a value that is not a number (first at frame " + p.unusable + "); the keyframes' value is used there" });
        }
    });
    return JSON.stringify(found);
};

// Whether two values (numbers, arrays, paths, text documents) are the same.
function same(a, b) {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (isArray(a) !== isArray(b)) return false;
    if (isArray(a)) {
        if (a.length !== b.length) return false;
        for (var i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
        return true;
    }
    var keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (var j = 0; j < keys.length; j++) if (!same(a[keys[j]], b[keys[j]])) return false;
    return true;
}

// The document with every expression replaced by keyframes at the frames it was evaluated at
// (straight between them; held for text and for paths whose points change in number).
O.baked = function () {
    O.properties.forEach(function (property) {
        var data = property.data;
        delete data.x;
        if (property.failed || !property.frames.length) return;
        var keys = [];
        property.frames.forEach(function (f, j) {
            keys.push({ t: Math.round(f * 1e6) / 1e6, v: property.samples[j] });
        });
        keys = keys.filter(function (k, j) {
            return !(j > 0 && j < keys.length - 1 && same(keys[j - 1].v, k.v) && same(keys[j + 1].v, k.v));
        });
        if (keys.every(function (k) { return same(k.v, keys[0].v); }) && property.kind !== "text") {
            data.a = 0;
            data.k = property.kind === "path" ? keys[0].v : keys[0].v;
            return;
        }
        data.a = 1;
        data.k = keys.map(function (k, j) {
            var next = keys[j + 1], key = { t: k.t };
            key.s = property.kind === "number" || property.kind === "path" ? [k.v] : k.v;
            if (!next) return key;
            var hold = property.kind === "text"
                || (property.kind === "path" && (next.v.v.length !== k.v.v.length || next.v.c !== k.v.c));
            if (hold) key.h = 1;
            else { key.o = { x: [0], y: [0] }; key.i = { x: [1], y: [1] }; }
            return key;
        });
    });
    return JSON.stringify(O.document);
};
})($oqc);
"""#
}
