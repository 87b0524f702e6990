/// The script every HTML report with a drawn diagram carries in its page: the trace player, the coverage switch and
/// the switch between the diagram fitted to the page and at its actual size.
///
/// It reads the traces from the `smcheck-traces` JSON element (each step: the ids of the active states' and the
/// taken transitions' SVG elements, the leaves, the variables, the problems) and only adds and removes classes;
/// the style sheet does the painting. `#trace=N&step=M` in the address opens a trace at a step. The controls are
/// hidden in the page (class `scripted`) until it shows them, so where it is blocked none is left that does nothing.
enum HTMLScript {
    static let player = #"""
        (() => {
          "use strict";
          const traces = JSON.parse(document.getElementById("smcheck-traces").textContent);
          const figure = document.getElementById("diagram");
          const coverage = document.getElementById("paint-coverage");
          if (coverage) coverage.addEventListener("change", () => figure.classList.toggle("coverage", coverage.checked));
          const actualSize = document.getElementById("actual-size");
          actualSize.addEventListener("change", () => figure.classList.toggle("actual-size", actualSize.checked));
          document.querySelectorAll(".scripted").forEach((element) => { element.hidden = false; });
          const player = document.getElementById("player");
          if (!player || traces.length === 0) return;
          const choice = document.getElementById("trace-choice");
          const back = document.getElementById("step-back");
          const forward = document.getElementById("step-forward");
          const byId = (id) => document.getElementById(id);
          let trace = -1, step = 0;

          traces.forEach((t, i) => choice.add(new Option(t.title, String(i))));

          function text(tag, content) {
            const element = document.createElement(tag);
            element.textContent = content;
            return element;
          }

          function show() {
            document.querySelectorAll("#diagram .active, #diagram .taken, ol.trace li.current")
              .forEach((e) => e.classList.remove("active", "taken", "current"));
            if (trace < 0) {
              player.hidden = true;
              history.replaceState(null, "", location.pathname);
              return;
            }
            const steps = traces[trace].steps, s = steps[step];
            player.hidden = false;
            choice.value = String(trace);
            s.states.forEach((id) => byId(id)?.classList.add("active"));
            s.transitions.forEach((id) => byId(id)?.classList.add("taken"));
            byId("step-label").textContent = `Step ${step} of ${steps.length - 1}: ${s.label}`;
            byId("step-states").textContent = "Active: " + (s.leaves.join(", ") || "(none)");
            const variables = byId("step-variables");
            variables.replaceChildren(...s.variables.map(([name, value]) => {
              const row = document.createElement("tr");
              row.append(text("td", name), text("td", value));
              return row;
            }));
            byId("step-problems").replaceChildren(...s.problems.map((p) => text("li", p)));
            if (step > 0) document.querySelector(`ol.trace[data-trace="${trace}"] > li:nth-child(${step})`)?.classList.add("current");
            back.disabled = step === 0;
            forward.disabled = step === steps.length - 1;
            history.replaceState(null, "", `#trace=${trace}&step=${step}`);
          }

          function open(index, at) {
            trace = index;
            step = Math.max(0, Math.min(at, traces[index].steps.length - 1));
            show();
          }

          function move(delta) {
            if (trace < 0) return;
            const next = step + delta;
            if (next < 0 || next >= traces[trace].steps.length) return;
            step = next;
            show();
          }

          document.querySelectorAll("button.play").forEach((button) => button.addEventListener("click", () => {
            open(Number(button.dataset.trace), 0);
            figure.scrollIntoView({ block: "start" });
          }));
          choice.addEventListener("change", () => { open(Number(choice.value), 0); choice.blur(); });
          back.addEventListener("click", () => move(-1));
          forward.addEventListener("click", () => move(1));
          byId("player-close").addEventListener("click", () => { trace = -1; show(); });
          document.addEventListener("keydown", (event) => {
            if (trace < 0 || event.altKey || event.ctrlKey || event.metaKey || event.target.matches("input, select, textarea")) return;
            if (event.key === "ArrowRight") { move(1); event.preventDefault(); }
            else if (event.key === "ArrowLeft") { move(-1); event.preventDefault(); }
            else if (event.key === "Escape") { trace = -1; show(); }
          });

          const requested = /^#trace=(\d+)&step=(\d+)$/.exec(location.hash);
          if (requested && Number(requested[1]) < traces.length) open(Number(requested[1]), Number(requested[2]));
        })();
        """#
}
