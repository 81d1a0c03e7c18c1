import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const config = {
  apiBase: '/api/v1',
  socketBase: '',
  socketPath: '/socket.io',
  cipherAlgorithm: 'aes-256-ctr',
  version: '1.13.0',
};
const user = { id: 'u1', username: 'ada', displayName: 'Ada' };
const fromPage = { channels: [{ id: 'c1', name: 'general' }] };
const fromServer = {
  channels: [
    { id: 'c1', name: 'general' },
    { id: 'c2', name: 'random' },
  ],
};

/** A fresh copy of the data layer reading a page that carries the answer to GET /channels. */
async function loadWithPage() {
  vi.resetModules();
  document.body.innerHTML = `<script id="parley-boot" type="application/json">${JSON.stringify({
    config,
    user,
    cursor: '1.0',
    answers: { '/channels': fromPage },
  })}</script>`;
  const { api } = await import('./api');
  const { dropAnswers } = await import('./boot');
  await (await import('./config')).loadConfig();
  return { api, dropAnswers };
}

describe('the page’s answers to the first screen’s GETs', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset().mockImplementation(async () => Response.json(fromServer));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers a GET from the page once, then asks the server', async () => {
    const { api } = await loadWithPage();
    expect(await api('GET', '/channels')).toEqual(fromPage);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('GET', '/channels')).toEqual(fromServer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never answers a write or another path from the page', async () => {
    const { api } = await loadWithPage();
    await api('POST', '/channels', { name: 'x' });
    await api('GET', '/channels?scope=browse');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await api('GET', '/channels')).toEqual(fromPage);
  });

  it('asks the server once the first catch-up has begun, as the page is older than the feed', async () => {
    const { api, dropAnswers } = await loadWithPage();
    dropAnswers();
    expect(await api('GET', '/channels')).toEqual(fromServer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
