// The remi referee page: reads the question from the URL or the form, asks remi (in Pyodide), writes the verdict.
"use strict";

const FIELDS = ["game", "lang", "q", "cards", "melds", "meld", "round"];
const SHOWN = {
  meld: ["cards"], contract: ["melds", "round"], opening: ["melds"],
  layoff: ["meld", "cards"], swap: ["meld", "cards"], value: ["cards"],
};
const $ = (id) => document.getElementById(id);
let focused = $("cards");
let referee = null;

function showFields() {
  const want = SHOWN[$("q").value] || SHOWN.meld;
  for (const name of ["cards", "melds", "meld", "round"]) {
    document.querySelector(".f-" + name).classList.toggle("hidden", !want.includes(name));
  }
  if (!want.includes(focused.id)) focused = $(want.find((n) => n !== "round") || "cards");
}

function buildPicker() {
  const box = $("picker");
  const ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  for (const suit of ["♠", "♥", "♦", "♣"]) {
    for (const rank of ranks) box.append(pickButton(suit + rank, suit === "♥" || suit === "♦" ? "red" : ""));
  }
  box.append(pickButton("JK", "joker"));
  $("slash").addEventListener("click", () => append("/"));
  $("back").addEventListener("click", () => edit((v) => v.trimEnd().split(" ").slice(0, -1).join(" ")));
  $("clear").addEventListener("click", () => edit(() => ""));
  for (const name of ["cards", "melds", "meld"]) $(name).addEventListener("focus", (e) => { focused = e.target; });
}

function pickButton(text, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset.card = text;
  if (cls) b.className = cls;
  b.addEventListener("click", () => append(text));
  return b;
}

function edit(change) {
  focused.value = change(focused.value);
  focused.focus({ preventScroll: true });
}

function append(text) {
  edit((v) => (v.trim() ? v.trimEnd() + " " : "") + text);
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  for (const name of FIELDS) if (params.has(name)) $(name).value = params.get(name);
  return params;
}

function formParams() {
  const out = { game: $("game").value.trim(), lang: $("lang").value, q: $("q").value };
  for (const name of SHOWN[out.q] || []) out[name] = $(name).value.trim();
  return out;
}

function shareUrl(params) {
  const url = new URL(location.href);
  url.search = new URLSearchParams(params).toString();
  return url.toString();
}

function write(result, params) {
  document.documentElement.lang = result.lang;
  translatePage(result.lang);
  const box = $("answer");
  const out = $("verdict");
  box.dataset.ok = String(result.ok);
  out.dataset.ok = String(result.ok);
  out.dataset.code = result.code || "";
  out.dataset.kind = result.kind || "";
  out.dataset.points = result.points === "" ? "" : String(result.points);
  out.textContent = result.reason;
  $("status").textContent = "";
  $("headline").textContent = result.ok
    ? t(result.lang, "allowed")
    : t(result.lang, "refused") + (result.code ? " (" + result.code + ")" : "");
  const detail = [];
  if (result.kind) detail.push(result.kind);
  if (result.meld) detail.push(result.meld);
  if (result.freed) detail.push(t(result.lang, "joker") + result.freed);
  if (result.points !== "" && result.points !== undefined) detail.push(result.points + " " + t(result.lang, "points"));
  $("detail").textContent = detail.join(" · ");
  $("link").href = shareUrl(params);
  $("game-name").textContent = result.game || params.game;
  $("rules").textContent = result.rules;
  document.body.dataset.ready = "true";
}

function ask(params) {
  document.body.dataset.ready = "false";
  const result = JSON.parse(referee(JSON.stringify(params)));
  write(result, params);
}

async function loadRemi() {
  const pyodide = await loadPyodide({ indexURL: new URL(".", location.href).toString() });
  const wheels = await (await fetch("wheels.json")).json();
  for (const name of wheels) {
    const buffer = await (await fetch(name)).arrayBuffer();
    pyodide.unpackArchive(buffer, "wheel");
  }
  pyodide.FS.writeFile("/home/pyodide/referee.py", await (await fetch("referee.py")).text());
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  const mod = pyodide.pyimport("referee");
  return { answer: mod.answer_json, language: mod.language };
}

async function main() {
  buildPicker();
  const params = readUrl();
  translatePage($("lang").value);
  $("status").textContent = t($("lang").value, "loading");
  $("q").addEventListener("change", showFields);
  $("lang").addEventListener("change", () => translatePage($("lang").value));
  try {
    const remi = await loadRemi();
    referee = remi.answer;
    if (!params.has("lang")) $("lang").value = remi.language(navigator.language || "en");
  } catch (err) {
    $("status").textContent = t($("lang").value, "failed") + err;
    document.body.dataset.ready = "error";
    return;
  }
  showFields();
  $("go").disabled = false;
  translatePage($("lang").value);
  $("status").textContent = t($("lang").value, "ready");
  $("ask").addEventListener("submit", (event) => {
    event.preventDefault();
    const p = formParams();
    history.replaceState(null, "", shareUrl(p));
    ask(p);
  });
  if (params.has("q") || params.has("cards") || params.has("melds")) {
    ask(formParams());
  } else {
    document.documentElement.lang = $("lang").value;
    document.body.dataset.ready = "true";
  }
}

showFields();
main();
