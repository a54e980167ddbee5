/** The client side of the dataInterface domain: registers its page nodes, actions and cells (lazily: the staff route must not pay for them). */
export {};
