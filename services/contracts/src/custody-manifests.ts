// Issue 13, part manifests: its messages, constants and request/answer schemas (filled by that part).
export {};
