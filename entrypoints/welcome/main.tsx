import { render } from 'preact';
import { Welcome } from '@/components/welcome/Welcome';
import '@/components/style.css';
import { t } from '@/lib/i18n';
import { localizePage } from '@/lib/i18n/page';

localizePage(t('pages.welcome'));
const root = document.getElementById('app');
if (root) render(<Welcome firefox={import.meta.env.FIREFOX === true} />, root);
