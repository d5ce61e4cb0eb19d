// Issue 13, part labels: its messages, constants and request/answer schemas (filled by that part).
export {};
