extension ExpressionScript {
    /// The expression runtime's JavaScript: layers and compositions as expressions see them.
    static let layers = #"""
// Layers and compositions as expressions see them (thisLayer, thisComp, comp(), content(),
// effect(), mask(), transform, toComp, markers), and the expression's own scope.
(function (O) {
"use strict";
var L = O.library, isArray = O.isArray, plain = O.plain, Property = O.Property;

function Composition(data, name, layers, path) {
    this.data = data;
    this.name = name;
    this.width = data.w || 0;
    this.height = data.h || 0;
    this.layers = [];
    var self = this;
    (layers || []).forEach(function (layerData, i) { self.layers.push(new Layer(layerData, self, path + "[" + i + "]")); });
    this.layers.forEach(function (layer) {
        if (layer.data.parent !== undefined) {
            layer.parent = self.layers.filter(function (l) { return l.data.ind === layer.data.parent; })[0] || null;
        }
    });
    this.frames = {};
}
Composition.prototype.find = function (key) {
    var found = this.layers.filter(function (l) { return typeof key === "number" ? l.data.ind === key : l.data.nm === String(key); })[0];
    if (!found) {
        throw new Error("the composition " + (this.name ? "\"" + this.name + "\" " : "") + "has no layer "
            + (typeof key === "number" ? key : "\"" + key + "\""));
    }
    return found;
};
Composition.prototype.face = function () {
    if (this.shown) return this.shown;
    var self = this, duration = ((O.document.op || 0) - (O.document.ip || 0)) / O.frameRate;
    this.shown = {
        name: this.name, width: this.width, height: this.height, numLayers: this.layers.length,
        frameDuration: 1 / O.frameRate, duration: duration, displayStartTime: 0, pixelAspect: 1,
        layer: function (key) { return self.find(key).face(); },
        marker: this === O.root ? O.markers : emptyMarkers()
    };
    return this.shown;
};

function emptyMarkers() {
    return { numKeys: 0, key: function (k) { throw new Error("there is no marker " + k); },
        nearestKey: function () { throw new Error("there are no markers"); } };
}
function markerGroup(markers) {
    function key(k) {
        var index = typeof k === "number" ? k - 1 : markers.map(function (m) { return m.cm; }).indexOf(String(k));
        var m = markers[index];
        if (!m) throw new Error("there is no marker " + (typeof k === "number" ? k : "\"" + k + "\""));
        return { time: m.tm / O.frameRate, duration: (m.dr || 0) / O.frameRate, comment: m.cm || "", name: m.cm || "", index: index + 1 };
    }
    return {
        numKeys: markers.length, key: key,
        nearestKey: function (t) {
            if (!markers.length) throw new Error("there are no markers");
            var best = 0;
            markers.forEach(function (m, i) { if (Math.abs(m.tm / O.frameRate - t) < Math.abs(markers[best].tm / O.frameRate - t)) best = i; });
            return key(best + 1);
        }
    };
}
O.markerGroup = markerGroup;

function Layer(data, comp, path) {
    this.data = data;
    this.comp = comp;
    this.path = path;
    this.parent = null;
    this.startFrame = data.st || 0;
    this.stretch = data.sr || 1;
    this.properties = {};
    this.names = null;
}
// The property at `key` of the object `holder` (its JSON path `path`), made once.
Layer.prototype.property = function (holder, key, path, fallback) {
    var data = holder && holder[key];
    if (!data || typeof data !== "object" || !("k" in data)) {
        var id = path + "?";
        return this.properties[id] || (this.properties[id] = new Property({ k: fallback }, id, this));
    }
    if (!data.$property) Object.defineProperty(data, "$property", { value: new Property(data, path, this), enumerable: false });
    return data.$property;
};
Layer.prototype.transformProperty = function (key) {
    var ks = this.data.ks || {}, path = this.path + ".ks";
    switch (key) {
    case "position":
        if (ks.p && ks.p.s) {
            var x = this.property(ks.p, "x", path + ".p.x", 0), y = this.property(ks.p, "y", path + ".p.y", 0);
            var z = ks.p.z ? this.property(ks.p, "z", path + ".p.z", 0) : null;
            return { composite: [x, y].concat(z ? [z] : []) };
        }
        return this.property(ks, "p", path + ".p", [0, 0, 0]);
    case "anchorPoint": return this.property(ks, "a", path + ".a", [0, 0, 0]);
    case "scale": return this.property(ks, "s", path + ".s", [100, 100, 100]);
    case "rotation": return ks.r ? this.property(ks, "r", path + ".r", 0) : this.property(ks, "rz", path + ".rz", 0);
    case "xRotation": return this.property(ks, "rx", path + ".rx", 0);
    case "yRotation": return this.property(ks, "ry", path + ".ry", 0);
    case "orientation": return this.property(ks, "or", path + ".or", [0, 0, 0]);
    case "opacity": return this.property(ks, "o", path + ".o", 100);
    case "skew": return this.property(ks, "sk", path + ".sk", 0);
    case "skewAxis": return this.property(ks, "sa", path + ".sa", 0);
    }
    return null;
};
// What a transform's member shows: a property's interface, or for a split position its
// dimensions' values together.
function show(member) {
    if (!member.composite) return member.expose(false);
    var value = member.composite.map(function (p) { return p.valueAt(O.now); });
    value.value = value.slice();
    value.valueAtTime = function (t) { return member.composite.map(function (p) { return p.valueAt(t); }); };
    value.velocityAtTime = function (t) { return member.composite.map(function (p) { return p.velocityAt(t); }); };
    value.numKeys = member.composite[0].numKeys();
    value.key = function (i) { return member.composite[0].key(i); };
    return value;
}
// `face` made callable as lottie-web's interfaces are (`thisLayer(2)("Group")(2)(1)`): a
// function answering `lookup(key)`, carrying every property of `face`.
function callable(face, lookup) {
    var f = function (key) { return lookup(key); };
    Object.getOwnPropertyNames(face).forEach(function (name) {
        Object.defineProperty(f, name, Object.getOwnPropertyDescriptor(face, name));
    });
    return f;
}
O.callable = callable;

// After Effects' match names of a shape item's properties, by the name expressions use.
var matchNames = {
    "ADBE Vector Shape": "path", "ADBE Vector Rect Size": "size", "ADBE Vector Rect Position": "position",
    "ADBE Vector Rect Roundness": "roundness", "ADBE Vector Ellipse Size": "size", "ADBE Vector Ellipse Position": "position",
    "ADBE Vector Star Position": "position", "ADBE Vector Star Rotation": "rotation", "ADBE Vector Star Points": "points",
    "ADBE Vector Star Inner Radius": "innerRadius", "ADBE Vector Star Outer Radius": "outerRadius",
    "ADBE Vector Star Inner Roundess": "innerRoundness", "ADBE Vector Star Outer Roundess": "outerRoundness",
    "ADBE Vector Fill Color": "color", "ADBE Vector Fill Opacity": "opacity", "ADBE Vector Stroke Color": "color",
    "ADBE Vector Stroke Opacity": "opacity", "ADBE Vector Stroke Width": "strokeWidth", "ADBE Vector Trim Start": "start",
    "ADBE Vector Trim End": "end", "ADBE Vector Trim Offset": "offset", "ADBE Vector RoundCorner Radius": "radius",
    "ADBE Vector Anchor": "anchorPoint", "ADBE Vector Position": "position", "ADBE Vector Scale": "scale",
    "ADBE Vector Rotation": "rotation", "ADBE Vector Group Opacity": "opacity", "ADBE Vector Skew": "skew",
    "ADBE Vector Skew Axis": "skewAxis"
};
// The property of `face` that `key` names: by the file's index (`ix`) of one of `keys` (the
// face's names for the JSON keys of `holder`), its match name, or its name.
function propertyNamed(face, holder, keys, key) {
    var names = Object.keys(keys);
    for (var i = 0; i < names.length; i++) {
        var data = holder && holder[keys[names[i]]];
        if (data && data.ix !== undefined && data.ix === key) return face[names[i]];
    }
    var name = matchNames[key] || key;
    if (typeof name === "string" && names.indexOf(name) >= 0) return face[name];
    throw new Error("there is no property \"" + key + "\" here");
}

function transformFace(propertyOf) {
    var face = {};
    ["anchorPoint", "position", "scale", "rotation", "xRotation", "yRotation", "orientation", "opacity", "skew", "skewAxis"]
        .forEach(function (name) {
            Object.defineProperty(face, name, { get: function () { return show(propertyOf(name)); }, enumerable: true });
        });
    Object.defineProperty(face, "zRotation", { get: function () { return show(propertyOf("rotation")); } });
    ["xPosition", "yPosition", "zPosition"].forEach(function (name, d) {
        Object.defineProperty(face, name, { get: function () { var p = show(propertyOf("position")); return +(p[d] || 0); } });
    });
    return face;
}

// The layer's matrix at `time` (2D: position, rotation, skew, scale and anchor point, and its
// parents'): [a, b, c, d, tx, ty], x' = a·x + c·y + tx.
Layer.prototype.matrix = function (time) {
    var self = this;
    function value(name) {
        var p = self.transformProperty(name);
        return p.composite ? p.composite.map(function (q) { return q.valueAt(time); }) : p.valueAt(time);
    }
    var anchor = value("anchorPoint"), position = value("position"), scale = value("scale");
    var rotation = value("rotation") * Math.PI / 180, skew = value("skew") * Math.PI / 180, axis = value("skewAxis") * Math.PI / 180;
    var m = [1, 0, 0, 1, -anchor[0], -anchor[1]];
    m = multiply([scale[0] / 100, 0, 0, scale[1] / 100, 0, 0], m);
    if (skew) {
        var c = Math.cos(axis), s = Math.sin(axis);
        m = multiply([c, -s, s, c, 0, 0], m);
        m = multiply([1, 0, Math.tan(-skew), 1, 0, 0], m);
        m = multiply([c, s, -s, c, 0, 0], m);
    }
    m = multiply([Math.cos(rotation), Math.sin(rotation), -Math.sin(rotation), Math.cos(rotation), position[0], position[1]], m);
    return this.parent ? multiply(this.parent.matrix(time), m) : m;
};
function multiply(a, b) {
    return [a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
        a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]];
}
function applied(m, p, vector) {
    var x = p[0], y = p[1], out = p.length > 2 ? [0, 0, +p[2]] : [0, 0];
    out[0] = m[0] * x + m[2] * y + (vector ? 0 : m[4]);
    out[1] = m[1] * x + m[3] * y + (vector ? 0 : m[5]);
    return out;
}
function inverse(m) {
    var det = m[0] * m[3] - m[1] * m[2];
    if (!det) throw new Error("the layer's transform cannot be inverted (a scale of 0)");
    return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

Layer.prototype.face = function () {
    if (this.shown) return this.shown;
    var self = this, data = this.data, face = {};
    var transform = transformFace(function (name) { return self.transformProperty(name); });
    face.transform = transform;
    ["anchorPoint", "position", "scale", "rotation", "opacity", "xPosition", "yPosition", "zPosition", "orientation",
        "xRotation", "yRotation", "zRotation"].forEach(function (name) {
        Object.defineProperty(face, name, { get: function () { return transform[name]; }, enumerable: true });
    });
    face.name = face._name = data.nm || "";
    face.index = data.ind;
    face.inPoint = (data.ip || 0) / O.frameRate;
    face.outPoint = (data.op || 0) / O.frameRate;
    face.startTime = this.startFrame / O.frameRate;
    face.hasParent = !!this.parent;
    Object.defineProperty(face, "parent", { get: function () {
        if (!self.parent) throw new Error("the layer \"" + face.name + "\" has no parent");
        return self.parent.face();
    } });
    var size = this.size();
    face.width = size[0];
    face.height = size[1];
    face.active = face.enabled = true;
    face.audioLevels = 0;
    face.marker = O.markerGroup(data.markers || []);
    face.content = function (key) { return self.content(self.data.shapes || [], key, self.path + ".shapes"); };
    face.effect = function (key) { return self.effect(key); };
    face.mask = function (key) { return self.mask(key); };
    Object.defineProperty(face, "timeRemap", { get: function () { return self.property(data, "tm", self.path + ".tm", 0).expose(false); } });
    face.text = { get sourceText() { return self.sourceText(); } };
    face.toComp = function (p, t) { return applied(self.matrix(t === undefined ? O.now : t), p, false); };
    face.fromComp = function (p, t) { return applied(inverse(self.matrix(t === undefined ? O.now : t)), p, false); };
    face.toWorld = face.toComp;
    face.fromWorld = face.fromComp;
    face.fromCompToSurface = face.fromComp;
    face.toCompVec = function (v, t) { return applied(self.matrix(t === undefined ? O.now : t), v, true); };
    face.fromCompVec = function (v, t) { return applied(inverse(self.matrix(t === undefined ? O.now : t)), v, true); };
    face.toWorldVec = face.toCompVec;
    face.fromWorldVec = face.fromCompVec;
    face.sourceRectAtTime = function (t) { return self.sourceRect(t === undefined ? O.now : t); };
    if (data.ty === 0 && O.assets[data.refId]) Object.defineProperty(face, "source", { get: function () { return O.assets[data.refId].face(); } });
    // thisLayer(2) or thisLayer("Contents"), as lottie-web's layer interface answers.
    var contents = this.contents(data.shapes || [], this.path + ".shapes");
    face = callable(face, function (key) {
        switch (key) {
        case "ADBE Root Vectors Group": case "Contents": case 2: return contents;
        case 1: case 6: case "Transform": case "transform": case "ADBE Transform Group": return transform;
        case 4: case "ADBE Effect Parade": case "effects": case "Effects": return function (k) { return self.effect(k); };
        case "ADBE Text Properties": return face.text;
        default: return null;
        }
    });
    this.shown = face;
    return face;
};
Layer.prototype.size = function () {
    var d = this.data;
    if (d.ty === 1) return [d.sw || 0, d.sh || 0];
    if (d.ty === 0 || d.ty === 2) return [d.w || (O.assetData[d.refId] || {}).w || 0, d.h || (O.assetData[d.refId] || {}).h || 0];
    return [0, 0];
};
Layer.prototype.sourceText = function () {
    var t = this.data.t;
    if (!t || !t.d) throw new Error("the layer \"" + (this.data.nm || "") + "\" has no text");
    return this.property(t, "d", this.path + ".t.d", null).expose(false);
};
// The bounds of the layer's own content: the vertices of its paths, rectangles and ellipses
// (through their groups' positions and scales); a solid's or a precomposition's size.
Layer.prototype.sourceRect = function (time) {
    var size = this.size();
    if (this.data.ty !== 4) return { top: 0, left: 0, width: size[0], height: size[1] };
    var box = [Infinity, Infinity, -Infinity, -Infinity], self = this;
    function grow(x, y) { box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y); box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y); }
    function walk(items, path, m) {
        var tr = items.filter(function (i) { return i.ty === "tr"; })[0];
        if (tr) {
            var p = self.property(tr, "p", path + ".tr.p", [0, 0]).valueAt(time), a = self.property(tr, "a", path + ".tr.a", [0, 0]).valueAt(time);
            var s = self.property(tr, "s", path + ".tr.s", [100, 100]).valueAt(time);
            m = multiply(m, [s[0] / 100, 0, 0, s[1] / 100, p[0] - a[0] * s[0] / 100, p[1] - a[1] * s[1] / 100]);
        }
        items.forEach(function (item, i) {
            var here = path + "[" + i + "]";
            if (item.ty === "gr") walk(item.it || [], here + ".it", m);
            else if (item.ty === "sh") {
                var shape = self.property(item, "ks", here + ".ks", null).valueAt(time);
                if (shape && shape.v) shape.v.forEach(function (v) { var q = applied(m, v, false); grow(q[0], q[1]); });
            } else if (item.ty === "rc" || item.ty === "el") {
                var c = self.property(item, "p", here + ".p", [0, 0]).valueAt(time), z = self.property(item, "s", here + ".s", [0, 0]).valueAt(time);
                [[-1, -1], [1, 1]].forEach(function (k) { var q = applied(m, [c[0] + k[0] * z[0] / 2, c[1] + k[1] * z[1] / 2], false); grow(q[0], q[1]); });
            }
        });
    }
    walk(this.data.shapes || [], this.path + ".shapes", [1, 0, 0, 1, 0, 0]);
    if (box[0] > box[2]) return { top: 0, left: 0, width: 0, height: 0 };
    return { top: box[1], left: box[0], width: box[2] - box[0], height: box[3] - box[1] };
};

// content("Name") or content(index): a shape item, as a group of its properties.
var itemProperties = {
    sh: { path: "ks" }, rc: { size: "s", position: "p", roundness: "r" }, el: { size: "s", position: "p" },
    sr: { position: "p", rotation: "r", points: "pt", innerRadius: "ir", outerRadius: "or", innerRoundness: "is", outerRoundness: "os" },
    fl: { color: "c", opacity: "o" }, st: { color: "c", opacity: "o", strokeWidth: "w" },
    gf: { startPoint: "s", endPoint: "e", opacity: "o", highlightLength: "h", highlightAngle: "a" },
    gs: { startPoint: "s", endPoint: "e", opacity: "o", strokeWidth: "w", highlightLength: "h", highlightAngle: "a" },
    tm: { start: "s", end: "e", offset: "o" }, rp: { copies: "c", offset: "o" }, rd: { radius: "r" },
    op: { amount: "a", miterLimit: "ml" }, pb: { amount: "a" }, tw: { angle: "a", center: "c" }, zz: { size: "s", ridges: "r" }
};
Layer.prototype.content = function (items, key, path) {
    // By name, match name or the file's index (`ix`) first, as lottie-web looks; then a
    // number is the item's place, from 1.
    var index = items.map(function (i) { return i.nm; }).indexOf(String(key));
    if (index < 0) index = items.map(function (i) { return i.mn; }).indexOf(String(key));
    if (index < 0) index = items.map(function (i) { return i.ix; }).indexOf(key);
    if (index < 0 && typeof key === "number") index = key - 1;
    var item = items[index];
    if (!item) throw new Error("there is no content \"" + key + "\" at " + path);
    return this.item(item, path + "[" + index + "]");
};
Layer.prototype.item = function (item, path) {
    var self = this, face = { name: item.nm || "", _name: item.nm || "", propertyIndex: item.ix };
    if (item.ty === "gr") {
        var items = item.it || [];
        face.content = function (key) { return self.content(items, key, path + ".it"); };
        var tr = items.filter(function (i) { return i.ty === "tr"; })[0], at = path + ".it[" + items.indexOf(tr) + "]";
        face.transform = this.groupTransform(tr, at);
        face.numProperties = item.np !== undefined ? item.np : items.length;
        var inside = this.contents(items, path + ".it");
        // group(2) or group("Contents") is its contents; any other key its transform.
        return callable(face, function (key) {
            return key === "ADBE Vectors Group" || key === "Contents" || key === 2 ? inside : face.transform;
        });
    }
    if (item.ty === "tr") return this.groupTransform(item, path);
    var names = itemProperties[item.ty] || {};
    Object.keys(names).forEach(function (name) {
        Object.defineProperty(face, name, { get: function () { return self.property(item, names[name], path + "." + names[name], 0).expose(false); } });
    });
    if (item.ty === "rp") face.transform = this.groupTransform(item.tr, path + ".tr");
    return callable(face, function (key) { return propertyNamed(face, item, names, key); });
};
// A list of shape items as its "Contents": the items by name or index, counted without the
// group's transform.
Layer.prototype.contents = function (items, path) {
    var self = this;
    function content(key) { return self.content(items, key, path); }
    return callable({
        name: "Contents", _name: "Contents",
        numProperties: items.filter(function (i) { return i.ty !== "tr"; }).length,
        content: content
    }, content);
};
// The groups around the property at `path` (a JSON path inside the layer), innermost first,
// for `propertyGroup`; null for a property outside the layer's shapes.
Layer.prototype.groupsAround = function (path) {
    if (path.indexOf(this.path + ".shapes[") !== 0) return null;
    var steps = [], pattern = /\.(shapes|it)\[(\d+)\]/g, match, rest = path.slice(this.path.length), end = 0;
    while ((match = pattern.exec(rest)) && match.index === end) {
        steps.push({ key: match[1], index: +match[2], path: this.path + rest.slice(0, pattern.lastIndex) });
        end = pattern.lastIndex;
    }
    if (!steps.length) return null;
    var holders = [], list = this.data.shapes || [];
    for (var i = 0; i < steps.length; i++) {
        var item = list[steps[i].index];
        if (!item) return null;
        holders.push({ item: item, path: steps[i].path, list: list, listPath: steps[i].path.replace(/\[\d+\]$/, "") });
        list = item.it || [];
    }
    var chain = [], innermost = holders[holders.length - 1], self = this;
    if (innermost.item.ty === "tr") {
        chain.push(this.groupTransform(innermost.item, innermost.path));
    } else if (innermost.item.ty !== "fl" && innermost.item.ty !== "gf") {
        chain.push(this.item(innermost.item, innermost.path));
    }
    for (var j = holders.length - 1; j >= 0; j--) {
        var holder = holders[j];
        if (!(j === holders.length - 1 && holder.item.ty === "tr")) chain.push(this.contents(holder.list, holder.listPath));
        if (j > 0) chain.push(this.item(holders[j - 1].item, holders[j - 1].path));
    }
    chain.push(this.face());
    return chain;
};
Layer.prototype.groupTransform = function (tr, path) {
    var self = this, keys = { anchorPoint: "a", position: "p", scale: "s", rotation: "r", opacity: "o", skew: "sk", skewAxis: "sa",
        startOpacity: "so", endOpacity: "eo" };
    var fallbacks = { a: [0, 0], p: [0, 0], s: [100, 100], r: 0, o: 100, sk: 0, sa: 0, so: 100, eo: 100 };
    var face = transformFace(function (name) { var k = keys[name] || "r"; return self.property(tr || {}, k, path + "." + k, fallbacks[k]); });
    ["startOpacity", "endOpacity"].forEach(function (name) {
        Object.defineProperty(face, name, { get: function () { return self.property(tr || {}, keys[name], path + "." + keys[name], 100).expose(false); } });
    });
    return callable(face, function (key) { return propertyNamed(face, tr, keys, key); });
};

// effect("Name")("Parameter") or by index: an effect's control, as its value. A layer control
// gives the layer it names.
Layer.prototype.effect = function (key) {
    var effects = this.data.ef || [], self = this;
    var index = typeof key === "number" ? key - 1 : effects.map(function (e) { return e.nm; }).indexOf(String(key));
    if (index < 0) index = effects.map(function (e) { return e.mn; }).indexOf(String(key));
    var effect = effects[index];
    if (!effect) throw new Error("the layer \"" + (this.data.nm || "") + "\" has no effect \"" + key + "\"");
    var path = this.path + ".ef[" + index + "]";
    function parameter(k) {
        var list = effect.ef || [];
        var i = typeof k === "number" ? k - 1 : list.map(function (p) { return p.nm; }).indexOf(String(k));
        if (i < 0) i = list.map(function (p) { return p.mn; }).indexOf(String(k));
        var p = list[i];
        if (!p) throw new Error("the effect \"" + (effect.nm || "") + "\" has no control \"" + k + "\"");
        var shown = self.property(p, "v", path + ".ef[" + i + "].v", 0).expose(false);
        if (p.ty === 10) return self.comp.find(+shown).face();
        return shown;
    }
    parameter.param = parameter;
    parameter.active = true;
    Object.defineProperty(parameter, "name", { value: effect.nm || "" });
    return parameter;
};
Layer.prototype.mask = function (key) {
    var masks = this.data.masksProperties || [], self = this;
    var index = typeof key === "number" ? key - 1 : masks.map(function (m) { return m.nm; }).indexOf(String(key));
    var mask = masks[index];
    if (!mask) throw new Error("the layer \"" + (this.data.nm || "") + "\" has no mask \"" + key + "\"");
    var path = this.path + ".masksProperties[" + index + "]";
    return {
        get maskPath() { return self.property(mask, "pt", path + ".pt", null).expose(false); },
        get maskOpacity() { return self.property(mask, "o", path + ".o", 100).expose(false); },
        get maskFeather() { return self.property(mask, "f", path + ".f", [0, 0]).expose(false); },
        get maskExpansion() { return self.property(mask, "x", path + ".x", 0).expose(false); }
    };
};

// A path as expressions see it: points(), inTangents(), outTangents(), isClosed(), and the
// path itself (what createPath makes).
O.pathInterface = function (path, property) {
    var face = { v: path.v, i: path.i, o: path.o, c: path.c, $path: true };
    face.points = function () { return path.v.map(plain); };
    face.inTangents = function () { return path.i.map(plain); };
    face.outTangents = function () { return path.o.map(plain); };
    face.isClosed = function () { return !!path.c; };
    face.createPath = L.createPath;
    face.pointOnPath = function (f) {
        var n = path.v.length;
        if (!n) return [0, 0];
        var segments = path.c ? n : n - 1, at = Math.min(Math.max(+f || 0, 0), 1) * segments, s = Math.min(Math.floor(at), segments - 1), t = at - s;
        var a = path.v[s], b = path.v[(s + 1) % n], c1 = [a[0] + path.o[s][0], a[1] + path.o[s][1]], c2 = [b[0] + path.i[(s + 1) % n][0], b[1] + path.i[(s + 1) % n][1]];
        var u = 1 - t;
        return [0, 1].map(function (d) { return u * u * u * a[d] + 3 * u * u * t * c1[d] + 3 * u * t * t * c2[d] + t * t * t * b[d]; });
    };
    if (property) {
        face.valueAtTime = function (t) { return O.pathInterface(property.valueAt(t)); };
        face.numKeys = property.numKeys();
        face.key = function (i) { return property.key(i); };
    }
    return face;
};
L.createPath = function (points, inTangents, outTangents, closed) {
    points = points || [];
    function at(list, i) { return list && list[i] ? [+list[i][0], +list[i][1]] : [0, 0]; }
    var path = {
        v: points.map(function (p) { return [+p[0], +p[1]]; }),
        i: points.map(function (p, i) { return at(inTangents, i); }),
        o: points.map(function (p, i) { return at(outTangents, i); }),
        c: closed === undefined ? true : !!closed
    };
    return O.pathInterface(path);
};
O.Composition = Composition;
})($oqc);
"""#
}
