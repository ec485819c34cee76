import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';

/**
 * Makes File, Blob and FormData in the tests the classes Node's fetch uses, as a browser has one
 * family of them.
 *
 * Vitest's jsdom environment replaces the three with jsdom's, but fetch (and MSW, which
 * intercepts it) is Node's. Since Node 24 (undici 7), `request.formData()` builds each uploaded
 * part with the global File, now jsdom's, and then asserts it is Node's File: an MSW handler that
 * reads an upload throws, and the page never sees its answer (vitest-dev/vitest#9135; Node 20's
 * undici accepted any File-like object). On the way out, vitest 4 turned a jsdom File into a Node
 * Blob named "blob" and, with jsdom 29, without its bytes, so a handler could check neither.
 *
 * The app hands files only to fetch (no FileReader). One jsdom feature stays: React builds
 * `new FormData(form, submitter)` when a form is submitted during a transition (useFormStatus),
 * which Node's FormData cannot read, so that case goes through jsdom's.
 */
export async function installFetchFileClasses(): Promise<void> {
  // Node exports no FormData class; fetch's is the one its own formData() returns.
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const JsdomFormData = globalThis.FormData;
  const JsdomBlob = globalThis.Blob;

  class FetchFormData extends NodeFormData {
    constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      new JsdomFormData(form, submitter).forEach((value, name) => {
        // jsdom keeps a file field's bytes out of reach; the app reads files from its state.
        const fetchable =
          value instanceof JsdomBlob ? new NodeFile([], value.name, { type: value.type }) : value;
        this.append(name, fetchable as FormDataEntryValue);
      });
    }
  }

  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('FormData', FetchFormData);
}
