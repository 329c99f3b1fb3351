/// <reference types="chrome" />
// The extension's background: the toolbar icon opens the side panel (Charta beside the EHR). Nothing else
// runs in the background; the panel page does the work, and only while it is open.
chrome.runtime.onInstalled.addListener(() => {
  chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => console.error('Charta: side panel behaviour not set', error));
});
