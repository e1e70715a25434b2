import Ferry

/// What the dashboard's view controller needs from its view model: one `transform` from the inputs to the outputs.
public protocol DashboardViewModelType {
  /// Connects the view's events to the view model and returns what the view shows.
  func transform(input: DashboardViewModel.Input) -> DashboardViewModel.Output
}

/// The dashboard's one view model (seed 001, first generation): every input of a busy screen in, every output out,
/// state kept in relays and changed by stream chains. Written in its Combine-era shape with Ferry streams
/// (`BehaviorRelay` for `@Published` / `CurrentValueSubject`, `Driver` for `AnyPublisher` received on main).
public final class DashboardViewModel: DashboardViewModelType {
  /// The view's events.
  public struct Input {
    /// The view appeared.
    public let appear: Observable<Void>
    /// The search field's text.
    public let search: Observable<String>
    /// A vehicle's favourite button.
    public let toggleFavorite: Observable<Int>
    /// The inbox's "mark all read" button.
    public let markAllRead: Observable<Void>

    /// The events.
    public init(
      appear: Observable<Void>, search: Observable<String>, toggleFavorite: Observable<Int>,
      markAllRead: Observable<Void>
    ) {
      self.appear = appear
      self.search = search
      self.toggleFavorite = toggleFavorite
      self.markAllRead = markAllRead
    }
  }

  /// What the view shows.
  public struct Output {
    /// The signed-in user's name, once loaded.
    public let userName: Driver<String?>
    /// The search text.
    public let query: Driver<String>
    /// The whole catalog.
    public let items: Driver<[CatalogItem]>
    /// The vehicles matching the search.
    public let visibleItems: Driver<[CatalogItem]>
    /// The favourite vehicles' ids, in the order they were added.
    public let favoriteIDs: Driver<[Int]>
    /// The inbox's messages.
    public let messages: Driver<[String]>
    /// The inbox's unread count.
    public let unreadCount: Driver<Int>
    /// A short message to show.
    public let toast: Signal<String>

    /// The outputs.
    public init(
      userName: Driver<String?>, query: Driver<String>, items: Driver<[CatalogItem]>,
      visibleItems: Driver<[CatalogItem]>, favoriteIDs: Driver<[Int]>, messages: Driver<[String]>,
      unreadCount: Driver<Int>, toast: Signal<String>
    ) {
      self.userName = userName
      self.query = query
      self.items = items
      self.visibleItems = visibleItems
      self.favoriteIDs = favoriteIDs
      self.messages = messages
      self.unreadCount = unreadCount
      self.toast = toast
    }
  }

  /// The vehicles of `items` whose name contains `query` (ignoring case); all of them for an empty query.
  public static func matching(_ items: [CatalogItem], _ query: String) -> [CatalogItem] {
    guard !query.isEmpty else { return items }
    return items.filter { $0.name.lowercased().contains(query.lowercased()) }
  }

  private let api: DashboardAPI
  private let uiScheduler: ImmediateSchedulerType
  private let disposeBag = DisposeBag()

  /// A view model over `api`, delivering on `uiScheduler` (in the app, `MainScheduler.instance`).
  public init(api: DashboardAPI, uiScheduler: ImmediateSchedulerType? = nil) {
    self.api = api
    self.uiScheduler = uiScheduler ?? MainScheduler.instance
  }

  /// Connects `input`; call once.
  public func transform(input: Input) -> Output {
    let userName = BehaviorRelay<String?>(value: nil)
    let query = BehaviorRelay(value: "")
    let items = BehaviorRelay<[CatalogItem]>(value: [])
    let favoriteIDs = BehaviorRelay<[Int]>(value: [])
    let messages = BehaviorRelay<[String]>(value: [])
    let unreadCount = BehaviorRelay(value: 0)
    let toast = PublishRelay<String>()
    let api = self.api

    input.appear
      .flatMapLatest { _ in
        api.userName().asObservable()
          .map { Optional($0) }
          .catch { _ in
            toast.accept("Could not load your profile")
            return .just(nil)
          }
      }
      .observe(on: uiScheduler)
      .bind(to: userName)
      .disposed(by: disposeBag)

    input.appear
      .flatMapLatest { _ in api.catalog().asObservable().catchAndReturn([]) }
      .observe(on: uiScheduler)
      .bind(to: items)
      .disposed(by: disposeBag)

    input.search
      .bind(to: query)
      .disposed(by: disposeBag)

    let toggled = input.toggleFavorite
      .withLatestFrom(items) { id, items in items.first { $0.id == id } }
      .compactMap { $0 }
      .share()

    toggled
      .subscribe(onNext: { item in
        if favoriteIDs.value.contains(item.id) {
          favoriteIDs.accept(favoriteIDs.value.filter { $0 != item.id })
        } else {
          favoriteIDs.accept(favoriteIDs.value + [item.id])
          messages.accept(messages.value + ["\(item.name) added to favorites"])
          unreadCount.accept(unreadCount.value + 1)
        }
      })
      .disposed(by: disposeBag)

    input.markAllRead
      .subscribe(onNext: { _ in
        unreadCount.accept(0)
        toast.accept("All caught up")
      })
      .disposed(by: disposeBag)

    return Output(
      userName: userName.asDriver(),
      query: query.asDriver(),
      items: items.asDriver(),
      visibleItems: Driver.combineLatest(items.asDriver(), query.asDriver()) { DashboardViewModel.matching($0, $1) },
      favoriteIDs: favoriteIDs.asDriver(),
      messages: messages.asDriver(),
      unreadCount: unreadCount.asDriver(),
      toast: toast.asSignal()
    )
  }
}
