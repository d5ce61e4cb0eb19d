import { runService, servicePort } from '@portal/service-kit';
import { buildApp } from './app.js';

await runService(buildApp, servicePort('fleet', 4104));
