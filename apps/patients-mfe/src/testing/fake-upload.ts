/**
 * A stand-in for XMLHttpRequest, which `useUpload()` uses for its progress
 * events (jsdom cannot upload). A test drives it: `progress(40)`, then
 * `respond(200, body)`. FormData is replaced too: the test environment's is
 * Node's, which refuses jsdom's File objects.
 */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
  progress(percent: number): void;
  respond(status: number, body: unknown): void;
}

class FakeFormData {
  private readonly entries = new Map<string, unknown>();

  append(name: string, value: unknown) {
    this.entries.set(name, value);
  }

  get(name: string) {
    return this.entries.get(name) ?? null;
  }
}

export function installFakeUpload(): { uploads: FakeUpload[]; restore: () => void } {
  const original = { xhr: globalThis.XMLHttpRequest, formData: globalThis.FormData };
  const uploads: FakeUpload[] = [];

  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    responseType = '';
    status = 0;
    responseText = '';
    private record: FakeUpload = {
      method: '',
      url: '',
      headers: {},
      body: null,
      progress: (percent) =>
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: percent,
          total: 100,
        } as ProgressEvent),
      respond: (status, body) => {
        this.status = status;
        this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
        this.onload?.();
      },
    };

    open(method: string, url: string) {
      this.record.method = method;
      this.record.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.record.headers[name.toLowerCase()] = value;
    }

    send(body: FormData) {
      this.record.body = body;
      uploads.push(this.record);
    }
  }

  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  globalThis.FormData = FakeFormData as unknown as typeof FormData;
  return {
    uploads,
    restore: () => {
      globalThis.XMLHttpRequest = original.xhr;
      globalThis.FormData = original.formData;
    },
  };
}
