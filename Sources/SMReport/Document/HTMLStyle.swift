/// The style sheet every HTML report carries in its page.
///
/// Graphviz writes colors as attributes on the SVG's shapes; rules here override them, which is how a state lights
/// up while a trace plays (`active`, `taken`) and how coverage is painted when asked for (`coverage` on the figure).
enum HTMLStyle {
    static let css = """
        body{font:15px/1.5 -apple-system,system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1f2328;\
        overflow-wrap:anywhere}select{max-width:100%}\
        h1,h2,h3{line-height:1.25}h2{border-bottom:1px solid #d0d7de;padding-bottom:.3rem}\
        code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}\
        pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}\
        table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}\
        .badge{font-weight:600;padding:0 .4rem;border-radius:4px;color:#fff}\
        .badge.error{background:#cf222e}.badge.warning{background:#9a6700}.badge.info{background:#0969da}.badge.ok{background:#1a7f37}\
        .note{border-left:4px solid #9a6700;padding-left:.8rem}\
        figure.diagram{margin:0}\
        .diagram .canvas{overflow:auto;border:1px solid #d0d7de;border-radius:6px;padding:.5rem;background:#fff}\
        .diagram svg{display:block;max-width:100%;height:auto;margin:auto}.diagram.actual-size svg{max-width:none}\
        .diagram figcaption{font-size:13px;color:#57606a;margin:.4rem 0}\
        .coverage-legend{display:none}.coverage .coverage-legend{display:inline}\
        .node.state.active :is(path,polygon,ellipse){fill:#fff1a8;stroke:#9a6700;stroke-width:2.5}\
        .cluster.state.active :is(path,polygon){fill:#fffbe6;stroke:#9a6700;stroke-width:2}\
        .transition.taken path{stroke:#9a6700;stroke-width:2.5}.transition.taken polygon{fill:#9a6700;stroke:#9a6700}\
        .transition.taken text{fill:#9a6700;font-weight:700}\
        .coverage .state.unentered :is(path,polygon,ellipse){stroke:#8c959f;stroke-dasharray:4 3}\
        .coverage .state.unentered text{fill:#8c959f}\
        .coverage .transition.untaken path{stroke:#8c959f;stroke-dasharray:4 3}.coverage .transition.untaken text{fill:#8c959f}\
        .coverage .transition:is(.never-true,.never-false) text{fill:#bc4c00;font-weight:700}\
        .player{position:sticky;bottom:0;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.5rem .8rem;font-size:14px}\
        .player p{margin:.2rem 0}.player .controls{display:flex;gap:.4rem;flex-wrap:wrap}\
        #step-label{font-weight:600}#step-problems{color:#cf222e;margin:.2rem 0}\
        #step-variables td{padding:.1rem .5rem;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}\
        ol.trace li.current{background:#fff1a8}
        """
}
