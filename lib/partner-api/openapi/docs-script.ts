// The reference's one script, inlined in <head> and allowed by its hash (the page's CSP
// names no other). Progressive: the page is complete without it (every sample shown,
// stacked and labelled; code selectable); with it, the samples become tabs, each code
// block gets a working Copy button and the search box appears. It marks <html> with
// class "js" before the body is parsed, so the CSS hides what only the script can drive
// and reserves the space it uses: nothing moves when it runs.
// Plain ES2020 in a string (not compiled), so the hash is of exactly these bytes.

export const DOCS_SCRIPT = String.raw`
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function announce(text) {
    var status = document.getElementById("copy-status");
    if (!status) return;
    status.textContent = "";
    setTimeout(function () { status.textContent = text; }, 50);
  }

  function setupCopy() {
    document.querySelectorAll("button.copy").forEach(function (button) {
      button.addEventListener("click", function () {
        var code = button.parentElement.querySelector("pre code");
        if (!code) return;
        var text = code.textContent;
        var done = function (ok) {
          button.textContent = ok ? "Copied" : "Select and copy";
          announce(ok ? "Copied to the clipboard." : "Copying failed: the code is selected, press Ctrl+C.");
          if (!ok) {
            var range = document.createRange();
            range.selectNodeContents(code);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
          }
          setTimeout(function () { button.textContent = "Copy"; }, 2000);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(false); });
        } else done(false);
      });
    });
  }

  // One language for every sample group: choosing Python shows Python everywhere.
  function selectLanguage(language, focusIn) {
    document.querySelectorAll(".samples").forEach(function (group) {
      group.querySelectorAll("[role=tab]").forEach(function (tab) {
        var selected = tab.getAttribute("data-language") === language;
        tab.setAttribute("aria-selected", selected ? "true" : "false");
        tab.tabIndex = selected ? 0 : -1;
        if (selected && group === focusIn) tab.focus();
      });
      group.querySelectorAll(".sample").forEach(function (panel) {
        panel.classList.toggle("inactive", panel.getAttribute("data-language") !== language);
      });
    });
  }

  function setupTabs() {
    document.querySelectorAll(".samples").forEach(function (group) {
      var tabs = Array.prototype.slice.call(group.querySelectorAll("[role=tab]"));
      tabs.forEach(function (tab, index) {
        tab.addEventListener("click", function () { selectLanguage(tab.getAttribute("data-language"), group); });
        tab.addEventListener("keydown", function (event) {
          var next = null;
          if (event.key === "ArrowRight") next = tabs[(index + 1) % tabs.length];
          else if (event.key === "ArrowLeft") next = tabs[(index - 1 + tabs.length) % tabs.length];
          else if (event.key === "Home") next = tabs[0];
          else if (event.key === "End") next = tabs[tabs.length - 1];
          if (!next) return;
          event.preventDefault();
          selectLanguage(next.getAttribute("data-language"), group);
        });
      });
    });
  }

  function setupSearch() {
    var input = document.getElementById("doc-search");
    var results = document.getElementById("doc-search-results");
    var status = document.getElementById("doc-search-status");
    if (!input || !results || !status) return;
    var entries = [];
    document.querySelectorAll("main article.operation").forEach(function (article) {
      var heading = article.querySelector("h3");
      var summary = article.querySelector(".summary strong");
      entries.push({
        id: article.id,
        title: (summary ? summary.textContent + ": " : "") + (heading ? heading.textContent.replace(/\s+/g, " ").trim() : article.id),
        text: (article.id + " " + article.textContent).toLowerCase(),
      });
    });
    document.querySelectorAll("main h2[id], main h3[id], main h4[id]").forEach(function (heading) {
      if (heading.closest("article")) return;
      var section = heading.textContent.trim();
      entries.push({ id: heading.id, title: section, text: section.toLowerCase() });
    });
    var tocItems = document.querySelectorAll("nav.toc li");
    function run() {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      results.textContent = "";
      if (!words.length) {
        status.textContent = "";
        tocItems.forEach(function (item) { item.hidden = false; });
        return;
      }
      var matches = entries.filter(function (entry) {
        return words.every(function (word) { return entry.title.toLowerCase().indexOf(word) >= 0 || entry.text.indexOf(word) >= 0; });
      });
      // Titles that match rank above bodies that mention the words.
      matches.sort(function (a, b) {
        var at = words.every(function (word) { return a.title.toLowerCase().indexOf(word) >= 0; }) ? 0 : 1;
        var bt = words.every(function (word) { return b.title.toLowerCase().indexOf(word) >= 0; }) ? 0 : 1;
        return at - bt;
      });
      var ids = {};
      matches.forEach(function (entry) { ids[entry.id] = true; });
      tocItems.forEach(function (item) {
        var link = item.querySelector("a");
        item.hidden = !(link && ids[link.getAttribute("href").slice(1)]);
      });
      matches.slice(0, 12).forEach(function (entry) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = "#" + entry.id;
        link.textContent = entry.title;
        item.appendChild(link);
        results.appendChild(item);
      });
      status.textContent = matches.length === 0 ? "No matches." : matches.length + (matches.length === 1 ? " match" : " matches") + (matches.length > 12 ? ", the first 12 shown." : ".");
    }
    input.addEventListener("input", run);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        var first = results.querySelector("a");
        if (first) { event.preventDefault(); first.click(); }
      } else if (event.key === "Escape") {
        input.value = "";
        run();
      }
    });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable);
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.focus();
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    setupCopy();
    setupTabs();
    setupSearch();
  });
})();
`;
