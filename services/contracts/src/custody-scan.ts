// Issue 13, part scan: its messages, constants and request/answer schemas (filled by that part).
export {};
