import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Channel, SearchResponse, User } from '@parley/protocol';
import { parseSearch } from '@parley/protocol/client';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/dialog';
import { OpenSidebarButton } from '../../components/open-sidebar-button';
import { api, describeError } from '../../lib/api';
import { dmName } from '../../lib/names';
import { useChannels } from '../../realtime/use-channels';
import { useUserMap } from '../../realtime/use-users';
import { messagePath } from '../../lib/message-path';
import { EncryptedIndexNote } from './encrypted-index-note';
import { MarkedText } from '../../components/message/marked-text';
import { MessageBody } from '../../components/message/markdown';
import { mergeResults, type ResultRow } from './merge-results';
import { useEncryptedSearch } from './use-encrypted-search';
import { dateFormat } from '../../lib/date-format';
import './search.css';
import '../../components/page-layout.css';

const OPERATORS: [string, string][] = [
  ['from:@name', 'by one person'],
  ['in:#channel', 'in one channel (in:@name for a DM)'],
  ['"exact phrase"', 'these words in this order'],
  ['-word', 'without this word'],
  ['after:2026-11-01', 'also before: and on:'],
  ['has:link', 'with a link (also has:file, has:image)'],
  ['is:thread', 'in threads'],
];
const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/**
 * /search?q=: every message the reader may read, best matches first, each opening where it was said:
 * plain channels searched by the server, encrypted ones by this browser's own index, in one list.
 */
export default function SearchRoute({ me }: { me: User }) {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  // A new search (or Back) starts the box afresh with its words.
  return <SearchPage key={q} q={q} me={me} />;
}

function SearchPage({ q, me }: { q: string; me: User }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(q);
  const parsed = q ? parseSearch(q) : undefined;
  const search = useInfiniteQuery({
    queryKey: ['search', q],
    queryFn: ({ pageParam }) =>
      api<SearchResponse>(
        'GET',
        `/search?q=${encodeURIComponent(q)}${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: !!parsed?.ok,
    staleTime: 30_000,
  });
  const encrypted = useEncryptedSearch(q, parsed?.ok ? parsed.query : undefined);
  const { data: channels = [] } = useChannels();
  const results = mergeResults(search.data?.pages.flatMap((p) => p.results) ?? [], encrypted.data ?? []);

  return (
    <section className="page search-page">
      <header className="channel-header">
        <OpenSidebarButton />
        <form
          className="search-form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim()) navigate(`/search?q=${encodeURIComponent(draft.trim())}`);
          }}
        >
          <input
            className="search-input"
            type="search"
            aria-label="Search messages"
            placeholder="Search messages, e.g. deploy from:@alex"
            autoFocus
            value={draft}
            maxLength={500}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </header>
      <div className="search-scroll">
        {!q ? (
          <SearchHelp />
        ) : parsed && !parsed.ok ? (
          <p className="error-note" role="alert">
            {parsed.error}
          </p>
        ) : search.isError ? (
          <p className="error-note" role="alert">
            {describeError(search.error)}
          </p>
        ) : search.isLoading && results.length === 0 ? (
          <div className="list-loading" aria-busy="true">
            Searching…
          </div>
        ) : results.length === 0 ? (
          <div className="search-empty">
            <h2>Nothing found</h2>
            <p>Try fewer words, part of a word, or another filter.</p>
            <SearchHelp />
          </div>
        ) : (
          <>
            <p className="search-count" role="status">
              {results.length === 1
                ? '1 result'
                : `${results.length}${search.hasNextPage ? '+' : ''} results`}
            </p>
            <ResultList results={results} me={me} channels={channels} />
          </>
        )}
        {search.hasNextPage && (
          <button
            type="button"
            className="button button-ghost search-more"
            disabled={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            More results
          </button>
        )}
        {q && parsed?.ok && <EncryptedIndexNote channels={channels} me={me} />}
      </div>
    </section>
  );
}

function ResultList({ results, me, channels }: { results: ResultRow[]; me: User; channels: Channel[] }) {
  const byId = new Map(channels.map((c) => [c.id, c]));
  const users = useUserMap();
  return (
    <ol className="search-results" aria-label="Search results">
      {results.map((r) => {
        const channel = byId.get(r.channelId) ?? asChannel(r);
        if (r.encrypted && !byId.has(r.channelId)) return null;
        const author = r.message.authorId === me.id ? me : users.get(r.message.authorId);
        const name = author?.displayName ?? 'Someone';
        const where =
          channel.kind === 'dm' || channel.kind === 'group' ? dmName(channel, me) : `#${channel.name}`;
        const reply = !!r.message.threadRootId && !r.message.alsoInChannel;
        return (
          <li key={r.message.id}>
            <Link to={messagePath(channel, me, r.message)} className="search-result">
              <span className="search-result-where">
                <span>
                  {r.encrypted && (
                    <span
                      className="search-result-sealed"
                      title="End-to-end encrypted: found in this browser"
                    >
                      <Icon name="lock" size={12} />
                      <span className="sr-only">End-to-end encrypted: </span>
                    </span>
                  )}
                  {reply ? `Thread in ${where}` : where}
                </span>
                <span className="muted">{when.format(new Date(r.message.createdAt))}</span>
              </span>
              <span className="search-result-line">
                <Avatar name={name} username={author?.username ?? '?'} photo={author?.avatarId} size={28} />
                <span className="search-result-text">
                  <strong>{name}</strong>
                  <span className="search-result-body">
                    <MessageBody text={r.text} inLink highlights={r.highlights} />
                  </span>
                  {r.files.map((f) => (
                    <span key={f.id} className="search-result-file">
                      <Icon name="paperclip" size={14} />
                      <span>
                        <MarkedText text={f.name} words={r.highlights} />
                      </span>
                    </span>
                  ))}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/** A public channel the reader has not joined: enough of it for a link. */
const asChannel = (r: ResultRow) =>
  ({
    id: r.channelId,
    name: r.channelName,
    kind: 'public',
    encrypted: false,
    dmUsers: [],
  }) as unknown as Channel;

function SearchHelp() {
  return (
    <dl className="search-help" aria-label="Search filters">
      {OPERATORS.map(([op, what]) => (
        <div key={op}>
          <dt>
            <code>{op}</code>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  );
}
