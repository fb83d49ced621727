/** Reloads the page: the one retry that also recovers a failed screen chunk or a cached listener error. */
export function reloadPage(): void {
  window.location.reload();
}
