import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ScreenError } from '@portal/ui';
import { App } from './App.js';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: App,
  errorBoundary: (error: Error) => <ScreenError error={error} />,
  domElementGetter: () => document.getElementById('portal-main')!,
});

export const { bootstrap, mount, unmount } = lifecycles;
