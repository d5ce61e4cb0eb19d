// Issue 13, part metrc: its messages, constants and request/answer schemas (filled by that part).
export {};
