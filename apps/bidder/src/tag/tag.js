/*
 * The shop's tracking tag (issue 15), served as /tag.js. The snippet defines `rtbTag` as a queue;
 * this replaces it with the real function and plays the queue. Commands and events are described
 * in packages/shared/src/schemas/tags.ts; what is sent, in packages/shared/src/schemas/tag-events.ts.
 * Plain ES5, no dependencies, and nothing it does may throw into the shop's page.
 */
((w, d, endpoint) => {
  if (w.rtbTag && w.rtbTag.loaded) return;

  var MAX_BATCH = 20;
  var MAX_HELD = 100;
  var MAX_URL = 6000;
  var VISITOR = '_rtbvid';
  var KEY = /^[A-Za-z0-9_-]{8,64}$/;
  var DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;
  var TYPES = { viewHome: 1, viewList: 1, viewItem: 1, addToCart: 1, viewBasket: 1, trackTransaction: 1 };

  var tagKey = null;
  /** 'granted', 'pending' (events held until the visitor chooses) or 'denied' (events dropped). */
  var consent = 'pending';
  var held = [];
  var queue = [];
  var timer = 0;
  var visitorId = null;
  var images = [];

  function base64url(binary) {
    return w.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  /** 128 random bits, base64url: event and visitor ids. */
  function randomId() {
    var bytes = new Array(16);
    var c = w.crypto;
    if (c && c.getRandomValues) bytes = c.getRandomValues(new Uint8Array(16));
    else for (var i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
    var binary = '';
    for (var j = 0; j < 16; j++) binary += String.fromCharCode(bytes[j]);
    return base64url(binary);
  }

  /** The visitor's first-party id on the shop's domain: local storage, else a cookie. Made only with consent. */
  function visitor() {
    if (visitorId) return visitorId;
    var id = null;
    try {
      id = w.localStorage.getItem(VISITOR);
    } catch (e) {}
    if (!id || !KEY.test(id)) {
      var match = new RegExp('(?:^|; )' + VISITOR + '=([^;]*)').exec(d.cookie);
      id = match && KEY.test(match[1]) ? match[1] : randomId();
    }
    try {
      w.localStorage.setItem(VISITOR, id);
    } catch (e) {}
    try {
      d.cookie = VISITOR + '=' + id + '; Max-Age=34560000; Path=/; SameSite=Lax';
    } catch (e) {}
    visitorId = id;
    return id;
  }

  /** A product id as the endpoint takes it, or null. */
  function productId(value) {
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    var id = String(value).replace(/^\s+|\s+$/g, '');
    return id && id.length <= 50 && !/[\u0000-\u001f\u007f-\u009f]/.test(id) ? id : null;
  }

  function quantity(value) {
    var n = value === undefined ? 1 : Number(value);
    return n >= 1 && n <= 10000 && Math.floor(n) === n ? n : null;
  }

  /** A decimal amount as a string ('30.5'); numbers lose float noise. Null when not one. */
  function amount(value) {
    var text = typeof value === 'number' ? value.toFixed(6).replace(/\.?0+$/, '') : String(value);
    return DECIMAL.test(text) ? text : null;
  }

  function items(list) {
    if (!list || !list.length) return null;
    var out = [];
    for (var i = 0; i < list.length && out.length < 100; i++) {
      var item = list[i] || {};
      var id = productId(item.id);
      var q = quantity(item.quantity);
      if (!id || !q) continue;
      var entry = { id: id, quantity: q };
      var price = item.price === undefined ? null : amount(item.price);
      if (price) entry.price = price;
      out.push(entry);
    }
    return out.length ? out : null;
  }

  /** The event to send, or null when the call is not one we can send. */
  function eventOf(type, data) {
    data = data || {};
    var event = { eventId: randomId(), type: type };
    var page = String(w.location.href);
    if (page.length <= 2048 && /^https?:\/\//i.test(page)) event.page = page;
    if (type === 'viewList') {
      var ids = [];
      var list = data.ids || [];
      for (var i = 0; i < list.length && ids.length < 50; i++) {
        var id = productId(list[i]);
        if (id) ids.push(id);
      }
      if (!ids.length) return null;
      event.ids = ids;
    } else if (type === 'viewItem' || type === 'addToCart') {
      event.id = productId(data.id);
      if (!event.id) return null;
      if (type === 'addToCart') {
        event.quantity = quantity(data.quantity);
        if (!event.quantity) return null;
      }
    } else if (type === 'viewBasket') {
      event.items = items(data.items);
      if (!event.items) return null;
    } else if (type === 'trackTransaction') {
      var order = data.orderId === undefined ? '' : String(data.orderId).replace(/^\s+|\s+$/g, '');
      if (!order || order.length > 200 || /[\u0000-\u001f\u007f-\u009f]/.test(order)) return null;
      event.orderId = order;
      var value = data.value === undefined ? null : amount(data.value);
      if (value) event.value = value;
      if (/^[A-Za-z]{3}$/.test(data.currency)) event.currency = data.currency.toUpperCase();
      var bought = items(data.items);
      if (bought) event.items = bought;
    }
    return event;
  }

  function batchOf(events) {
    return JSON.stringify({ tagKey: tagKey, visitorId: visitor(), events: events });
  }

  /** The image request: when the beacon is missing or refused. Long batches are split to keep URLs short. */
  function sendImage(events) {
    var data = base64url(unescape(encodeURIComponent(batchOf(events))));
    if (data.length > MAX_URL && events.length > 1) {
      var half = Math.ceil(events.length / 2);
      sendImage(events.slice(0, half));
      sendImage(events.slice(half));
      return;
    }
    var image = new Image();
    images.push(image);
    image.onload = image.onerror = () => {
      for (var i = 0; i < images.length; i++) if (images[i] === image) images.splice(i, 1);
    };
    image.src = endpoint + '?d=' + data;
  }

  function send(events) {
    var sent = false;
    try {
      sent = !!(w.navigator.sendBeacon && w.navigator.sendBeacon(endpoint, batchOf(events)));
    } catch (e) {}
    if (!sent) sendImage(events);
  }

  function flush() {
    if (timer) w.clearTimeout(timer);
    timer = 0;
    try {
      while (queue.length) send(queue.splice(0, MAX_BATCH));
    } catch (e) {}
  }

  function enqueue(event) {
    if (consent === 'denied') return;
    if (!tagKey || consent === 'pending') {
      if (held.length < MAX_HELD) held.push(event);
      return;
    }
    queue.push(event);
    // Events of one moment (a page's views) go together; the page leaving sends at once.
    if (!timer) timer = w.setTimeout(flush, 25);
  }

  function release() {
    var waiting = held;
    held = [];
    for (var i = 0; i < waiting.length; i++) enqueue(waiting[i]);
  }

  function command(args) {
    var name = args[0];
    if (name === 'init') {
      if (!KEY.test(args[1])) return;
      tagKey = args[1];
      var options = args[2] || {};
      consent = options.consent === 'pending' || options.consent === 'denied' ? options.consent : 'granted';
      if (consent === 'denied') held = [];
      else release();
    } else if (name === 'consent') {
      consent = args[1] === 'granted' ? 'granted' : 'denied';
      if (consent === 'denied') held = [];
      else release();
    } else if (TYPES[name] === 1) {
      var event = eventOf(name, args[1]);
      if (event) enqueue(event);
    }
  }

  function rtbTag() {
    try {
      command(arguments);
    } catch (e) {}
  }
  rtbTag.loaded = true;

  try {
    var waiting = (w.rtbTag && w.rtbTag.q) || [];
    w.rtbTag = rtbTag;
    for (var i = 0; i < waiting.length; i++) rtbTag.apply(null, waiting[i]);
    var leave = () => {
      if (d.visibilityState !== 'visible') flush();
    };
    w.addEventListener('pagehide', flush);
    d.addEventListener('visibilitychange', leave);
  } catch (e) {}
})(window, document, '__RTB_EVENTS_URL__');
