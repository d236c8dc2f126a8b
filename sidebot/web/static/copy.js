// "Copy" buttons: <button data-copy="ID"> copies the text of the element with that id (a readonly
// textarea) to the clipboard. A file of its own, not an inline handler: the Content-Security-Policy allows
// scripts from sidebot only (sidebot/web/security.py). Without JavaScript the textarea can still be selected.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  if (!field) return;
  const done = () => { button.textContent = "Copied"; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => { field.select(); });
  } else {
    field.select();
    if (document.execCommand("copy")) done();
  }
});
