import { render } from 'preact';
import { PrivacyPage } from '@/components/privacy/PrivacyPage';
import '@/components/style.css';

const root = document.getElementById('app');
if (root) render(<PrivacyPage />, root);
