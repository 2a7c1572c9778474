import Foundation

/// Small Lottie animations that between them use every construct the reader knows: the seeds
/// of a fuzzing run (Scripts/fuzz-lottie.sh), beside the shared corpus's samples.
enum LottieSeedDocuments {
    /// A one-pixel PNG, for embedded image assets.
    static let pixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg=="

    /// The documents by a short name (used for the seed files' names).
    static let all: [(name: String, text: String)] = [
        ("shapes", shapes), ("keyframes", keyframes), ("paints", paints), ("layers", layers),
        ("precompositions", precompositions), ("effects", effects), ("text", text), ("minimal", minimal),
        ("threeD", threeD),
    ]

    /// The least a file needs.
    static let minimal = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#

    /// Every shape item: groups with transforms, paths, rectangles, ellipses, stars and
    /// polygons, trims, repeaters, rounded corners and merges.
    static let shapes = #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"nm":"shapes","layers":[
        {"ddd":0,"ind":1,"ty":4,"nm":"Shapes","sr":1,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},
        "p":{"a":0,"k":[100,100,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"ao":0,
        "shapes":[
         {"ty":"gr","nm":"Group","it":[
          {"ty":"sh","ind":0,"ks":{"a":0,"k":{"i":[[0,0],[-5,0],[0,0]],"o":[[5,0],[0,0],[0,0]],"v":[[0,0],[20,10],[0,30]],"c":true}}},
          {"ty":"rc","d":1,"s":{"a":0,"k":[40,30]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":4}},
          {"ty":"el","d":3,"s":{"a":0,"k":[30,30]},"p":{"a":0,"k":[10,10]}},
          {"ty":"sr","sy":1,"d":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},
           "ir":{"a":0,"k":10},"is":{"a":0,"k":20},"or":{"a":0,"k":25},"os":{"a":0,"k":10}},
          {"ty":"sr","sy":2,"d":3,"pt":{"a":0,"k":6.5},"p":{"a":0,"k":[5,5]},"r":{"a":0,"k":15},
           "or":{"a":0,"k":25},"os":{"a":0,"k":30}},
          {"ty":"tm","s":{"a":0,"k":10},"e":{"a":0,"k":90},"o":{"a":0,"k":45},"m":1},
          {"ty":"rd","r":{"a":0,"k":5}},
          {"ty":"mm","mm":1},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},
          {"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":80},"w":{"a":0,"k":3},"lc":2,"lj":1,"ml":4,
           "d":[{"n":"d","nm":"dash","v":{"a":0,"k":4}},{"n":"g","nm":"gap","v":{"a":0,"k":2}},{"n":"o","nm":"offset","v":{"a":0,"k":1}}]},
          {"ty":"tr","p":{"a":0,"k":[10,10]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[90,110]},"r":{"a":0,"k":30},
           "o":{"a":0,"k":90},"sk":{"a":0,"k":10},"sa":{"a":0,"k":45}}
         ]},
         {"ty":"gr","hd":false,"it":[
          {"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[50,0]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":50}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
         ]},
         {"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,
          "tr":{"ty":"tr","p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":10},
           "so":{"a":0,"k":100},"eo":{"a":0,"k":50}}},
         {"ty":"zz","nm":"unknown"}
        ],"ip":0,"op":60,"st":0,"bm":0}]}
        """#

    /// Animated properties in both keyframe forms (`s` only, and `s` with `e`), holds, easing
    /// handles as numbers and as arrays, spatial tangents, split positions and expressions.
    static let keyframes = #"""
        {"v":"4.8.0","fr":24,"ip":0,"op":48,"w":120,"h":80,"layers":[
        {"ind":1,"ty":4,"nm":"Moving","ks":{
         "o":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.8],"y":[1]},"o":{"x":[0.2],"y":[0]}},{"t":24,"s":[100],"h":1},{"t":40,"s":[50]}]},
         "p":{"a":1,"k":[{"t":0,"s":[0,0,0],"e":[50,40,0],"to":[10,0,0],"ti":[-10,0,0],"i":{"x":0.5,"y":0.5},"o":{"x":0.5,"y":0.5}},{"t":30}],"x":"wiggle(2,5)"},
         "a":{"a":0,"k":[0,0,0]},
         "s":{"a":1,"k":[{"t":0,"s":[100,100,100],"i":{"x":[0.5,0.5,0.5],"y":[1.5,1.5,1]},"o":{"x":[0.5,0.5,0.5],"y":[0,0,0]}},{"t":48,"s":[-50,200,100]}]},
         "r":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[360]}]},
         "sk":{"a":0,"k":0},"sa":{"a":0,"k":0}},
         "shapes":[{"ty":"gr","it":[
          {"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,0],[10,0]],"c":false}]},
                                     {"t":20,"s":[{"i":[[0,0],[0,0],[1,1]],"o":[[0,0],[0,0],[1,1]],"v":[[0,0],[20,20],[5,5]],"c":true}]}]}},
          {"ty":"rc","s":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":12,"s":[30,20]}]},"p":{"a":1,"k":[{"t":5,"s":[0,0]},{"t":30,"s":[20,20]}]},"r":{"a":0,"k":2}},
          {"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[100]}]},"e":{"a":1,"k":[{"t":0,"s":[100]},{"t":40,"s":[0]}]},"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[720]}]},"m":2},
          {"ty":"st","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1]},{"t":48,"s":[0,0,1,1]}]},"o":{"a":0,"k":100},"w":{"a":1,"k":[{"t":0,"s":[1]},{"t":48,"s":[8]}]}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"o":{"a":0,"k":100}}]}],
         "ip":0,"op":48,"st":0},
        {"ind":2,"ty":3,"nm":"Null","ks":{"p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[60]}]},"y":{"a":0,"k":40}},
         "rz":{"a":0,"k":45},"rx":{"a":0,"k":10},"ry":{"a":0,"k":0}},"ip":0,"op":48,"st":0}]}
        """#

    /// Gradient fills and strokes (linear and radial, with alpha stops), even-odd fills.
    static let paints = #"""
        {"v":"5.7.4","fr":60,"ip":0,"op":30,"w":100,"h":100,"layers":[
        {"ind":1,"ty":4,"ks":{},"shapes":[
         {"ty":"gr","it":[
          {"ty":"el","s":{"a":0,"k":[60,60]},"p":{"a":0,"k":[50,50]}},
          {"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[100,100]},"o":{"a":0,"k":100},"r":2,
           "g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.2]}}},
          {"ty":"tr","p":{"a":0,"k":[0,0]}}]},
         {"ty":"gr","it":[
          {"ty":"rc","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}},
          {"ty":"gs","t":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[80,50]},"h":{"a":0,"k":20},"a":{"a":0,"k":0},
           "o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":3,
           "g":{"p":3,"k":{"a":1,"k":[{"t":0,"s":[0,1,1,1,0.5,0,0,0,1,1,0,0]},{"t":30,"s":[0,0,0,0,0.5,1,1,1,1,0,1,0]}]}}},
          {"ty":"fl","c":{"a":0,"k":[255,128,0,1]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":30,"s":[0]}]},"r":2}]}
        ],"ip":0,"op":30,"st":0}]}
        """#

    /// Solid, image, null, text and unknown layers; masks of every mode; track mattes;
    /// parenting; blend modes, hidden layers, 3D layers and auto-orient.
    static let layers = """
        {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,
        "assets":[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\(pixelPNG)","e":1},
          {"id":"image_1","w":10,"h":10,"u":"images/","p":"missing.png","e":0}],
        "layers":[
        {"ind":1,"ty":3,"nm":"Parent","ks":{"p":{"a":0,"k":[10,10,0]},"r":{"a":0,"k":10}},"ip":0,"op":60,"st":0},
        {"ind":2,"ty":1,"nm":"Matte","td":1,"sc":"#ff0000","sw":50,"sh":50,"ks":{},"ip":0,"op":60,"st":0},
        {"ind":3,"ty":1,"nm":"Matted","tt":1,"parent":1,"sc":"#0f0","sw":100,"sh":100,"ks":{},"bm":3,"ip":0,"op":60,"st":0,
         "hasMask":true,"masksProperties":[
          {"mode":"a","inv":false,"pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[50,0],[50,50]],"c":true}},"o":{"a":0,"k":100},"x":{"a":0,"k":0}},
          {"mode":"s","inv":true,"pt":{"a":0,"k":{"v":[[10,10],[20,10],[20,20]],"c":true}},"o":{"a":0,"k":50}},
          {"mode":"i","pt":{"a":1,"k":[{"t":0,"s":[{"v":[[0,0],[5,5]],"c":false}]},{"t":30,"s":[{"v":[[0,0],[50,50]],"c":false}]}]}},
          {"mode":"n","pt":{"a":0,"k":{"v":[],"c":true}}},
          {"mode":"f","pt":{"a":0,"k":{"v":[[1,1]],"c":true}},"x":{"a":0,"k":3}}]},
        {"ind":4,"ty":1,"nm":"Inverted matte","td":1,"sc":"#000000","sw":20,"sh":20,"ks":{},"ip":0,"op":60,"st":0},
        {"ind":5,"ty":2,"nm":"Image","refId":"image_0","tt":2,"parent":3,"ks":{"s":{"a":0,"k":[1000,1000,100]}},"ip":10,"op":50,"st":0},
        {"ind":6,"ty":2,"nm":"Missing image","refId":"image_1","ks":{},"hd":true,"ip":0,"op":60,"st":0},
        {"ind":7,"ty":5,"nm":"Text","ks":{},"t":{"d":{"k":[{"s":{"t":"Hi","f":"Arial","s":12},"t":0}]}},"ip":0,"op":60,"st":0},
        {"ind":8,"ty":13,"nm":"Camera","ks":{},"ip":0,"op":60,"st":0},
        {"ind":9,"ty":4,"nm":"3D","ddd":1,"ao":1,"tt":3,"ks":{},"shapes":[],"ip":0,"op":60,"st":0},
        {"ind":10,"ty":4,"nm":"Luma inverted","tt":4,"parent":10,"ks":{},"shapes":[],"ip":0,"op":60,"st":0}],
        "fonts":{"list":[{"fName":"Arial","fFamily":"Arial","fStyle":"Regular"}]},"chars":[]}
        """

    /// Precompositions nested two deep, one with time remapping, with stretch and start times.
    static let precompositions = #"""
        {"v":"5.7.4","fr":25,"ip":0,"op":50,"w":100,"h":100,
        "assets":[
         {"id":"inner","layers":[
          {"ind":1,"ty":4,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":50,"s":[90]}]}},"shapes":[
           {"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
           {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}],"ip":0,"op":50,"st":0}]},
         {"id":"outer","layers":[
          {"ind":1,"ty":0,"refId":"inner","w":50,"h":50,"ks":{},"ip":0,"op":100,"st":5,"sr":2},
          {"ind":2,"ty":0,"refId":"inner","w":50,"h":50,"ks":{"p":{"a":0,"k":[50,50,0]}},
           "tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":50,"s":[1.5]}]},"ip":0,"op":50,"st":0}]}],
        "layers":[
         {"ind":1,"ty":0,"refId":"outer","w":100,"h":100,"ks":{},"ip":0,"op":50,"st":-10,"sr":0.5},
         {"ind":2,"ty":0,"refId":"inner","w":100,"h":100,"ks":{"o":{"a":0,"k":50}},"ip":20,"op":40,"st":0}]}
        """#

    /// Text drawn from the file's glyphs (two documents, several lines, fill and stroke, text
    /// animators with every property and selector option) and text in fonts the file has no
    /// glyphs for: in a box, and set in an installed font with tracking and a stroke.
    static let text = #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":100,
        "fonts":{"list":[{"fName":"Sans-Regular","fFamily":"Sans","fStyle":"Regular","ascent":75},
         {"fName":"DejaVuSans-Bold","fFamily":"DejaVu Sans","fStyle":"Bold Italic","fWeight":"700","ascent":76}]},
        "chars":[{"ch":"A","size":40,"style":"Regular","w":60,"fFamily":"Sans","data":{"shapes":[{"ty":"gr","it":[
         {"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[30,-70],[60,0]],"c":true}}}]}]}}],
        "layers":[
         {"ind":1,"ty":5,"ks":{"p":{"a":0,"k":[10,60,0]}},"ip":0,"op":30,"st":0,"t":{"d":{"k":[
          {"s":{"s":40,"f":"Sans-Regular","t":"AA\rA","j":2,"tr":10,"lh":48,"ls":0,"fc":[1,0,0],"sc":[0,0,1],"sw":2,"of":true},"t":0},
          {"s":{"s":30,"f":"Sans-Regular","t":"B","j":0,"tr":0,"lh":36,"fc":[0,1,0]},"t":15}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,50]}},"a":[
           {"s":{"t":0,"b":3,"sh":6,"r":1,"rn":1,"s":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[100]}]},"e":{"a":0,"k":100},
            "o":{"a":0,"k":-20},"a":{"a":0,"k":80},"xe":{"a":0,"k":50},"ne":{"a":0,"k":-50},"sm":{"a":0,"k":40}},
            "a":{"p":{"a":0,"k":[0,-10]},"a":{"a":0,"k":[2,2]},"s":{"a":0,"k":[150,50]},"r":{"a":0,"k":45},"sk":{"a":0,"k":10},
             "sa":{"a":0,"k":30},"o":{"a":0,"k":20},"fc":{"a":0,"k":[0,0,1,1]},"sc":{"a":0,"k":[1,1,0,1]},"sw":{"a":0,"k":3},
             "t":{"a":0,"k":5},"rx":{"a":0,"k":10},"fh":{"a":0,"k":30}}},
           {"s":{"t":0,"b":4,"sh":2,"r":2,"s":{"a":0,"k":0},"e":{"a":0,"k":0},"o":{"a":0,"k":0}},"a":{"o":{"a":0,"k":0}}}]}},
         {"ind":2,"ty":5,"ks":{},"ip":0,"op":30,"st":0,"t":{"d":{"k":[
          {"s":{"s":12,"f":"Missing","t":"no glyphs","j":1,"fc":[0,0,0],"sz":[100,50],"ps":[0,0]},"t":0},
          {"s":{"s":14,"f":"DejaVuSans-Bold","t":"Set in a font, Ωé\u6f22","j":2,"tr":20,"fc":[0,0,0],"sc":[1,0,0],"sw":1},"t":10}]}}}]}
        """#

    /// Drop shadows as a layer style and as an effect; other styles and effects.
    static let effects = #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[
        {"ind":1,"ty":4,"ks":{},"shapes":[{"ty":"el","s":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]}},
          {"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}],
         "sy":[{"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":75},"a":{"a":0,"k":120},"d":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[10]}]},"s":{"a":0,"k":5}},
               {"ty":2,"nm":"Inner shadow"}],
         "ef":[{"ty":25,"nm":"Drop Shadow","ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":0,"v":{"a":0,"k":128}},
                {"ty":0,"v":{"a":0,"k":135}},{"ty":0,"v":{"a":1,"k":[{"t":0,"s":[2]},{"t":15,"s":[8]}]}},{"ty":0,"v":{"a":0,"k":10}}]},
               {"ty":5,"nm":"Slider","ef":[{"ty":0,"v":{"a":0,"k":1}}]}],
         "ip":0,"op":30,"st":0}]}
        """#

    /// 3D layers seen through a two-node camera with an animated zoom and a parent, separate
    /// positions with depth, orientation; merges in every mode; a stroke effect on a mask.
    static let threeD = #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"ddd":1,"layers":[
        {"ddd":1,"ind":1,"ty":13,"nm":"Camera","parent":2,"pe":{"a":1,"k":[{"t":0,"s":[100]},{"t":30,"s":[0]}]},
         "ks":{"a":{"a":0,"k":[50,50,0]},"p":{"a":0,"k":[50,50,-100]},"or":{"a":0,"k":[0,10,0]},
          "rx":{"a":0,"k":0},"ry":{"a":0,"k":0},"rz":{"a":0,"k":5}},"ip":0,"op":30,"st":0},
        {"ddd":1,"ind":2,"ty":3,"nm":"Rig","ks":{"p":{"s":true,"x":{"a":0,"k":0},"y":{"a":0,"k":0},"z":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[40]}]}},
          "ry":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[90]}]}},"ip":0,"op":30,"st":0},
        {"ddd":1,"ind":3,"ty":4,"nm":"Card","ks":{"p":{"a":0,"k":[50,50,20]},"a":{"a":0,"k":[0,0,5]},"s":{"a":0,"k":[100,100,50]},
          "rx":{"a":0,"k":30},"or":{"a":1,"k":[{"t":0,"s":[0,0,0],"to":[1,1,1],"ti":[0,0,0]},{"t":30,"s":[0,180,0]}]}},
         "masksProperties":[{"mode":"n","pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[40,0],[40,40]],"c":true}}}],
         "ef":[{"ty":22,"ef":[{"ty":10,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":1}},{"ty":7,"v":{"a":0,"k":0}},{"ty":2,"v":{"a":0,"k":[1,0,0,1]}},
          {"ty":0,"v":{"a":0,"k":3}},{"ty":0,"v":{"a":0,"k":100}},{"ty":0,"v":{"a":0,"k":1}},{"ty":0,"v":{"a":0,"k":80}},
          {"ty":0,"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[100]}]}},{"ty":0,"v":{"a":0,"k":150}},{"ty":7,"v":{"a":0,"k":3}}]}],
         "shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[30,30]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
          {"ty":"el","d":3,"s":{"a":0,"k":[30,30]},"p":{"a":0,"k":[10,0]}},{"ty":"mm","mm":3},
          {"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},
          {"ty":"gr","it":[{"ty":"el","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]}},{"ty":"sr","sy":2,"pt":{"a":0,"k":5},"p":{"a":0,"k":[5,5]},
          "or":{"a":0,"k":15},"os":{"a":0,"k":0},"r":{"a":0,"k":0}},{"ty":"mm","mm":4},{"ty":"mm","mm":2},
          {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}},{"ty":"tr"}]}],"ip":0,"op":30,"st":0},
        {"ddd":1,"ind":4,"ty":1,"sc":"#00ff00","sw":20,"sh":20,"ks":{"p":{"a":0,"k":[20,20,-300]}},"ip":0,"op":30,"st":0}]}
        """#
}
