// Issue 13, part signing: its messages, constants and request/answer schemas (filled by that part).
export {};
