// truco-server's browser client: one page, no build step, no framework. Everything shown
// comes from the server's frames (the library's observation of your seat); nothing from the
// server is inserted as HTML (textContent only).
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = {
  spanish: { E: "espadas", B: "bastos", O: "oros", C: "copas" },
  french: { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" },
};
let ws = null;
let seq = 0;
let variants = [];
let plan = null; // the steps of "play against bots": create, join, bots, start
let me = loadSeat(); // {table, token, seat}
let last = null; // the last state frame
let firstOpen = true; // the page's first connection (a reload resumes the seat it keeps)
let resuming = 0; // the seq of the resume sent when the connection opened

function loadSeat() {
  try { return JSON.parse(localStorage.getItem("truco-seat") || "null"); } catch (e) { return null; }
}
function saveSeat(s) { me = s; localStorage.setItem("truco-seat", JSON.stringify(s)); }

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function send(msg) {
  msg.seq = ++seq;
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  ws.onopen = () => {
    $("conn").textContent = "connected"; $("conn").className = "conn ok";
    // the page just loaded (a reload) or the game is on screen (a lost connection): back to
    // the seat the browser keeps; from the lobby a reconnection stays in the lobby
    if (me && (firstOpen || !$("game").hidden)) {
      send({ type: "resume", table: me.table, token: me.token });
      resuming = seq;
      if (firstOpen) showGame();
    }
    firstOpen = false;
  };
  ws.onclose = (ev) => {
    $("conn").className = "conn";
    if (ev.code === 4001) {  // another tab or device took the seat: do not take it back
      $("conn").textContent = "another connection took your seat: reload to take it back";
      return;
    }
    $("conn").textContent = "disconnected: reconnecting…";
    setTimeout(connect, 1000);
  };
  ws.onmessage = (ev) => onFrame(JSON.parse(ev.data));
}

function onFrame(f) {
  if (f.type === "created" && plan) {
    plan.table = f.table;
    send({ type: "join", table: f.table, seat: 0, name: plan.name });
  } else if (f.type === "joined") {
    if (f.token) saveSeat({ table: f.table, token: f.token, seat: f.seat });
    showGame();
    if (plan) { send({ type: "bots", bot: plan.bot }); send({ type: "start" }); plan = null; }
  } else if (f.type === "state") {
    last = f; render(f);
  } else if (f.type === "error" && f.seq === resuming && ["no-table", "bad-token", "bad-field"].includes(f.code)) {
    // the kept seat is gone (a table forgotten, a server started afresh) or was never one
    // this server gives: the lobby
    localStorage.removeItem("truco-seat"); me = null; resuming = 0; showLobby();
  } else if (f.type === "error") {
    const s = $("status"); s.textContent = `${f.code}: ${f.message}`; s.className = "status error";
  } else if (f.type === "tables") {
    renderTables(f.tables);
  }
}

function cardEl(text, notation, big) {
  const suit = text.slice(-1), rank = text.slice(0, -1);
  const names = SUITS[notation] || {};
  const c = el("div", `card suit-${suit}${big ? " big" : ""}`);
  c.dataset.card = text;
  const mark = notation === "french" ? (names[suit] || suit) : (names[suit] || suit).slice(0, 1).toUpperCase();
  c.append(el("span", "rank", rank), el("span", "pip", mark), el("span", "suit", names[suit] || suit));
  return c;
}
function backEl() { return el("div", "card back"); }

function seatName(f, s) {
  const p = f.players[s];
  return s === f.seat ? `${p.name} (you)` : p.name || `seat ${s}`;
}

function render(f) {
  const v = f.view;
  showGame();
  // score: our side first
  const mine = v.team >= 0 ? v.team : 0;
  const sc = $("score"); sc.replaceChildren();
  sc.append(el("span", "us", `${v.team >= 0 ? "us" : "side 0"} ${v.scores[mine]}`),
    el("span", "", " \u2013 "), el("span", "them", `${v.scores[1 - mine]} ${v.team >= 0 ? "them" : "side 1"}`));
  sc.dataset.score = `${v.scores[mine]}-${v.scores[1 - mine]}`;
  $("info").textContent = `${v.variant} \u00b7 hand ${v.hand_no + 1} \u00b7 stake ${v.stake}` +
    (v.pending_call ? ` \u00b7 ${v.pending_call} called by ${seatName(f, v.pending_caller)}` : "") +
    ` \u00b7 ${v.score_text}`;
  // whose turn
  const st = $("status");
  if (f.status === "over") {
    const won = f.winners.includes(f.seat);
    st.textContent = f.seat === null ? `Match over: side ${v.sides[f.winners[0]]} wins` : won ? "Match over: you win!" : "Match over: you lose";
    st.className = "status";
  } else if (f.status === "waiting") {
    st.textContent = "Waiting for the table to start"; st.className = "status";
  } else if (f.legal.length) {
    st.textContent = "Your turn"; st.className = "status turn";
  } else {
    st.textContent = `Waiting for ${seatName(f, v.current_player)}`; st.className = "status";
  }
  // players
  const pl = $("players"); pl.replaceChildren();
  const onTable = {};
  for (const p of v.current.table) onTable[p.seat] = (onTable[p.seat] || 0) + 1;
  for (const p of f.players) {
    const d = el("div", `player side${v.sides[p.seat]}${p.seat === v.current_player && f.status === "playing" ? " to-act" : ""}`);
    d.append(el("div", "", `${seatName(f, p.seat)}${v.mano === p.seat ? " \u00b7 mano" : ""}`));
    const kind = p.kind === "human" ? (p.connected ? "online" : "away") : p.kind;
    d.append(el("div", "held", `${kind} \u00b7 side ${v.sides[p.seat]}`));
    if (p.seat !== f.seat && v.current.mano >= 0) {
      const inHand = Math.max(0, 3 - (onTable[p.seat] || 0) - (v.current.folded.includes(p.seat) ? 3 : 0));
      const backs = el("div", "backs");
      for (let i = 0; i < inHand; i++) backs.append(el("span", "mini-back"));
      d.append(backs);
    }
    pl.append(d);
  }
  // the table: turned card and tricks
  const tu = $("turned"); tu.replaceChildren();
  tu.hidden = !v.turned;
  if (v.turned) { tu.append(el("div", "", "turned"), cardEl(v.turned, v.notation)); }
  const tr = $("tricks"); tr.replaceChildren();
  if (!v.current.table.length) {
    tr.append(el("div", "empty", f.status === "over" ? "the match is over" :
      v.current.mano >= 0 ? `new hand: ${seatName(f, v.mano)} leads` : "dealing…"));
  }
  const byTrick = [];
  for (const p of v.current.table) (byTrick[p.trick] = byTrick[p.trick] || []).push(p);
  byTrick.forEach((plays, t) => {
    const box = el("div", "trick");
    let res = "";
    if (t < v.current.tricks.length) {
      const r = v.current.tricks[t];
      const side = r === 0 ? v.mano_side : 1 - v.mano_side;
      res = r < 0 ? " \u00b7 tied" : v.team < 0 ? ` \u00b7 side ${side}` : side === v.team ? " \u00b7 won by us" : " \u00b7 won by them";
    }
    box.append(el("div", "", `trick ${t + 1}${res}`));
    const row = el("div", "plays");
    for (const p of plays) {
      const cell = el("div", "play");
      cell.append(p.card ? cardEl(p.card, v.notation) : backEl(), el("div", "", seatName(f, p.seat)));
      row.append(cell);
    }
    box.append(row); tr.append(box);
  });
  // my cards: a card that some legal action plays face up is clickable
  const plays = {};
  for (const a of f.legal) { const m = /^play (\S+)$/.exec(a.text); if (m) plays[m[1]] = a.text; }
  const hand = $("hand"); hand.replaceChildren();
  for (const c of v.my_cards) {
    const e = cardEl(c, v.notation, true);
    if (plays[c]) { e.classList.add("playable"); e.title = plays[c]; e.onclick = () => act(plays[c]); }
    hand.append(e);
  }
  for (let i = 0; i < v.unseen_cards; i++) hand.append(backEl());
  // actions (at a table still waiting: fill the empty seats with bots, start)
  const acts = $("actions"); acts.replaceChildren();
  $("cards-title").hidden = f.seat === null;
  if (f.status === "waiting" && f.seat !== null) {
    if (f.players.some((p) => p.kind === "empty")) {
      const b = el("button", "", `empty seats: ${$("bot").selectedOptions[0].textContent}`);
      b.onclick = () => send({ type: "bots", bot: $("bot").value });
      acts.append(b);
    }
    const st = el("button", "", "start");
    st.onclick = () => send({ type: "start" });
    acts.append(st);
  }
  for (const a of f.legal) {
    const b = el("button", a.text.startsWith("play") ? "play" : "", a.text);
    b.dataset.action = a.text;
    b.onclick = () => act(a.text);
    acts.append(b);
  }
  // the hands' logs in the variant's notation
  fillLog($("log"), f, v.current.public_log);
  fillLog($("last-log"), f, v.previous ? v.previous.public_log.concat(
    v.previous.points.map(([side, pts, why]) => [-1, `side ${side} +${pts} (${why})`])) : []);
}

function fillLog(ol, f, entries) {
  ol.replaceChildren();
  for (const [s, text] of entries) ol.append(el("li", "", s < 0 ? text : `${seatName(f, s)}: ${text}`));
  ol.scrollTop = ol.scrollHeight;
}

function act(text) { send({ type: "act", action: text }); }

function showGame() { $("lobby").hidden = true; $("game").hidden = false; }
function showLobby() {
  $("game").hidden = true; $("lobby").hidden = false;
  $("resume").hidden = !me;
  send({ type: "list" });
}

function renderTables(tables) {
  const body = $("tables").querySelector("tbody"); body.replaceChildren();
  for (const t of tables) {
    const tr = el("tr");
    for (const x of [t.table, t.variant, String(t.seats), t.status, t.score]) tr.append(el("td", "", x));
    const td = el("td");
    if (t.status !== "over" && t.players.some((p) => p.kind === "empty")) {
      const j = el("button", "small", "join");
      j.onclick = () => send({ type: "join", table: t.table, name: $("name").value || "player" });
      td.append(j);
    }
    const w = el("button", "small", "watch");
    w.onclick = () => { send({ type: "spectate", table: t.table }); };
    td.append(w); tr.append(td); body.append(tr);
  }
}

function fillSeats() {
  const v = variants.find((x) => x.name === $("variant").value);
  const s = $("seats"); s.replaceChildren();
  for (const n of v ? v.seats : [2]) { const o = el("option", "", String(n)); o.value = n; s.append(o); }
  $("variant-info").textContent = v ? v.description : "";
}

async function init() {
  variants = await (await fetch("/api/variants")).json();
  const sel = $("variant");
  for (const v of variants) { const o = el("option", "", v.name); o.value = v.name; sel.append(o); }
  sel.onchange = fillSeats; fillSeats();
  $("new-table").onsubmit = (ev) => {
    ev.preventDefault();
    plan = { name: $("name").value || "Player", bot: $("bot").value };
    send({ type: "create", variant: $("variant").value, seats: Number($("seats").value) });
  };
  $("resume").onclick = () => { if (me) { showGame(); send({ type: "resume", table: me.table, token: me.token }); } };
  $("refresh").onclick = () => send({ type: "list" });
  $("leave").onclick = showLobby;
  $("resume").hidden = !me;
  connect();
  ws.addEventListener("open", () => send({ type: "list" }), { once: true });
}

init();
