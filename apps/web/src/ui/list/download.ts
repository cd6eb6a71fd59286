/** Starts the download of a same-origin file, as an `<a download>` click would (export hooks). */
export function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.click();
}
