import Ferry
import Foundation
import Testing

/// A connectable observable whose source terminates inside `connect()`, before the connection is handed back: the
/// connection it returns belongs to a generation that has already ended.
private final class TerminatingConnectable: ConnectableObservableType, @unchecked Sendable {
  // @unchecked Sendable: `subject` is thread-safe; `disposals` is a `LockedBox`.
  typealias Element = Int
  let subject = PublishSubject<Int>()
  let disposals = LockedBox(0)

  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
    subject.subscribe(observer)
  }

  func asObservable() -> Observable<Int> { subject.asObservable() }

  func connect() -> any Disposable {
    subject.onNext(1)
    subject.onCompleted()
    return Disposables.create { self.disposals.withLock { $0 += 1 } }
  }
}

/// `refCount()` through its public surface: connection and disconnection cycles, the resources a connection holds,
/// and subscribers racing on several threads.
@Suite("refCount()", .timeLimit(.minutes(1)))
struct RefCountTests {
  @Test func eachConnectionsResourcesAreReleasedAfterItsLastSubscriberLeaves() {
    weak var firstResource: Tracked?
    weak var secondResource: Tracked?
    let connections = LockedBox(0)
    let resources = LockedBox<[Tracked]>([])
    let shared = Observable<Int>.create { _ in
      let resource = Tracked(
        connections.withLock { count in
          count += 1
          return count
        })
      resources.withLock { $0.append(resource) }
      return Disposables.create { _ = resource }
    }.publish().refCount()
    do {
      let first = shared.subscribe()
      let second = shared.subscribe()
      firstResource = resources.withLock { $0.removeFirst() }
      #expect(connections.current == 1, "one connection for both subscribers")
      first.dispose()
      #expect(firstResource != nil, "a subscriber is left: still connected")
      second.dispose()
    }
    #expect(firstResource == nil, "the last subscriber left: the connection and what it held are released")
    do {
      let third = shared.subscribe()
      secondResource = resources.withLock { $0.removeFirst() }
      #expect(connections.current == 2, "a later subscriber connects again")
      #expect(secondResource?.id == 2)
      third.dispose()
    }
    #expect(secondResource == nil)
  }

  @Test func aConnectionWhoseSourceTerminatedWhileConnectingIsDisposed() {
    let connectable = TerminatingConnectable()
    let observer = EventRecorder<Int>()
    let subscription = connectable.refCount().subscribe(observer)
    #expect(observer.elements == [1])
    #expect(observer.isCompleted)
    #expect(connectable.disposals.current == 1, "the connection, handed back after its generation ended, is disposed")
    subscription.dispose()
    #expect(connectable.disposals.current == 1, "and only once")
  }

  @Test func concurrentSubscribersAndDisposalsLeaveNoConnection() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.publish().refCount()
    let finished = runOnThreads(8) { thread in
      for index in 0..<50 {
        let subscription = shared.subscribe(onNext: { _ in })
        if index % 5 == 0 { source.subject.onNext(thread * 100 + index) }
        subscription.dispose()
      }
    }
    #expect(finished)
    #expect(source.subscriptions.current == source.disposals.current, "every connection was disposed")
    #expect(!source.subject.hasObservers)
    let connectionsBefore = source.subscriptions.current
    let subscription = shared.subscribe(onNext: { _ in })
    #expect(source.subscriptions.current == connectionsBefore + 1, "the next subscriber connects again")
    subscription.dispose()
    #expect(source.subscriptions.current == source.disposals.current)
  }
}
