import { useEffect, useState, type KeyboardEvent } from 'react';
import { requireSession } from '../../lib/stores/session';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { AddressManager } from './AddressManager';
import { MyReviews } from '../reviews/MyReviews';
import { ProfileInfo } from './ProfileInfo';

const TABS = [
  { id: 'info', label: 'Profile Information' },
  { id: 'addresses', label: 'Manage Addresses' },
  { id: 'reviews', label: 'My Reviews & Ratings' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function ProfileTabs() {
  const [allowed, setAllowed] = useState(false);
  const [tab, setTab] = useState<TabId>('info');

  useEffect(() => {
    setAllowed(requireSession());
    const hash = window.location.hash.slice(1);
    if (TABS.some((t) => t.id === hash)) setTab(hash as TabId);
  }, []);

  const choose = (id: TabId) => {
    setTab(id);
    history.replaceState(null, '', `#${id}`);
  };
  const key = (event: KeyboardEvent, index: number) => {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length] ?? TABS[0];
    choose(next.id);
    document.getElementById(`account-tab-${next.id}`)?.focus();
  };

  if (!allowed) return <p role="status">Checking your session...</p>;
  return (
    <div className="grid gap-8 md:grid-cols-[15rem_1fr]">
      <div role="tablist" aria-label="Account" aria-orientation="vertical" className="flex flex-col gap-1">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`account-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`account-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={(e) => key(e, i)}
            className={`rounded-lg px-4 py-2 text-left font-semibold ${tab === t.id ? 'bg-brand-700 text-white' : 'hover:bg-brand-50'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id={`account-panel-${tab}`}
        aria-labelledby={`account-tab-${tab}`}
        tabIndex={0}
        className="min-w-0"
      >
        <h2 className="mb-4 text-xl font-bold">{TABS.find((t) => t.id === tab)?.label}</h2>
        {tab === 'info' && <ProfileInfo />}
        {tab === 'addresses' && <AddressManager />}
        {tab === 'reviews' && <MyReviews />}
      </section>
    </div>
  );
}

/** The account area: three side tabs (profile, addresses, reviews); needs a login. */
export const ProfilePage = withErrorBoundary(ProfileTabs);
