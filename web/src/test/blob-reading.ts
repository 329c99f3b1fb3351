// jsdom's Blob cannot be read back with arrayBuffer()/text(), which browsers have had for years. Tests of
// code that reads blobs import this to add them (through jsdom's own FileReader).

function read<T extends ArrayBuffer | string>(blob: Blob, as: 'buffer' | 'text'): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    if (as === 'buffer') reader.readAsArrayBuffer(blob);
    else reader.readAsText(blob);
  });
}

// Feature-test on purpose: the lib types say these always exist, which is not true under jsdom.
const proto = Blob.prototype as Partial<Pick<Blob, 'arrayBuffer' | 'text'>>;
if (typeof proto.arrayBuffer !== 'function') {
  proto.arrayBuffer = function arrayBuffer(this: Blob) {
    return read<ArrayBuffer>(this, 'buffer');
  };
}
if (typeof proto.text !== 'function') {
  proto.text = function text(this: Blob) {
    return read<string>(this, 'text');
  };
}
