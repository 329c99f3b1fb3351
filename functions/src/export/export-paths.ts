/** The download link's path under the API's base path, as the app puts it in an `<a href>`. */
export const API_PATHS = {
  download: (exportId: string, token: string) => `/export/download/${encodeURIComponent(exportId)}?token=${encodeURIComponent(token)}`,
};
