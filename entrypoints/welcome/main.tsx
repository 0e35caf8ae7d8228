import { render } from 'preact';
import { Welcome } from '@/components/welcome/Welcome';
import '@/components/style.css';

const root = document.getElementById('app');
if (root) render(<Welcome firefox={import.meta.env.FIREFOX === true} />, root);
