/**
 * Opens a PDF fetched with the staff token (a header: a plain link cannot send it) in a new tab. The tab is opened
 * before the fetch, while the click still counts as the person's gesture (a tab opened after an await is blocked);
 * where tabs are blocked anyway, the file is downloaded instead.
 */
export async function openPdf(fetchPdf: () => Promise<Blob>, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await fetchPdf();
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (tab) tab.location.href = url;
  else {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The tab reads the file after it navigates: the address stays valid for a while, not for the page's life.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
