/**
 * The script a hosted page with popup rows loads from its own origin (`/embed/popup.js`): it opens
 * each popup's `<dialog>` when its trigger fires (`load` after its delay, `scroll` past its share of
 * the page, `exit` when the pointer leaves through the window's top), once per visit: a closed popup
 * stays closed until the tab is closed (sessionStorage). A click on the dimmed page closes it too. Two
 * never show at once: a trigger that fires while another popup shows fires again later (the next
 * scroll or exit, or a second after for `load`).
 */
export const popupLoader = `(function () {
  var popups = document.querySelectorAll('dialog[data-page-popup]');
  Array.prototype.forEach.call(popups, function (dialog) {
    var key = 'page-popup:' + location.pathname + ':' + dialog.id;
    var seen = function () {
      try { return sessionStorage.getItem(key) === '1'; } catch (e) { return false; }
    };
    if (seen()) return;
    // True when the popup is done with: shown now, or closed before. Another popup showing defers it.
    var open = function () {
      if (dialog.open || seen()) return true;
      if (document.querySelector('dialog[open]')) return false;
      dialog.showModal();
      return true;
    };
    dialog.addEventListener('close', function () {
      try { sessionStorage.setItem(key, '1'); } catch (e) {}
    });
    dialog.addEventListener('click', function (event) {
      if (event.target === dialog) dialog.close();
    });
    var trigger = dialog.getAttribute('data-page-popup');
    if (trigger === 'load') {
      var whenFree = function () {
        if (!open()) setTimeout(whenFree, 1000);
      };
      setTimeout(whenFree, 1000 * Number(dialog.getAttribute('data-delay') || 0));
    } else if (trigger === 'scroll') {
      var share = Number(dialog.getAttribute('data-scroll') || 50) / 100;
      var onScroll = function () {
        var room = document.documentElement.scrollHeight - innerHeight;
        if ((room <= 0 || scrollY / room >= share) && open()) removeEventListener('scroll', onScroll);
      };
      addEventListener('scroll', onScroll, { passive: true });
    } else if (trigger === 'exit') {
      var onLeave = function (event) {
        if (event.relatedTarget === null && event.clientY <= 0 && open()) {
          document.removeEventListener('mouseout', onLeave);
        }
      };
      document.addEventListener('mouseout', onLeave);
    }
  });
})();
`;
