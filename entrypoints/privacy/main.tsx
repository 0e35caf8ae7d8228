import { render } from 'preact';
import { PrivacyPage } from '@/components/privacy/PrivacyPage';
import '@/components/style.css';
import { t } from '@/lib/i18n';
import { localizePage } from '@/lib/i18n/page';

localizePage(t('pages.privacy'));
const root = document.getElementById('app');
if (root) render(<PrivacyPage />, root);
